// Knob spaces: every kind of declaration, constraints and validity reports.
#include "workload/knobs.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

struct Parsed
{
    KnobSpace space;
    QStringList errors;
};

Parsed parse(const char *json, const QStringList &dims = {}, const std::vector<double> &values = {})
{
    Parsed p;
    Diagnostic syntax;
    auto doc = JsonText::parse(QByteArray(json), u"w.json"_s, &syntax);
    if (!doc) {
        p.errors << syntax.toString();
        return p;
    }
    QList<Diagnostic> diags;
    p.space = KnobSpace::fromJson(*doc, dims, values, &diags);
    for (const Diagnostic &d : diags)
        p.errors << d.toString();
    return p;
}

QStringList texts(const Knob &k)
{
    QStringList out;
    for (const KnobValue &v : k.values)
        out << v.text;
    return out;
}

} // namespace

class TestKnobs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kindsEnumerate()
    {
        const Parsed p = parse(R"({"knobs": {
            "L": [1, 2, 4],
            "R": {"range": [8, 32, 8]},
            "D": {"divisors": "N", "min": 2, "max": 6},
            "P": {"permutation": ["i", "j", "k"], "before": [["i", "k"]]},
            "B": {"values": [false, true], "default": true},
            "S": ["avx2", "avx512"]
        }})",
                               {u"N"_s}, {12});
        QVERIFY2(p.errors.isEmpty(), qPrintable(p.errors.join(u'\n')));
        const auto &k = p.space.knobs();
        QCOMPARE(k.size(), size_t(6));
        QCOMPARE(texts(k[0]), QStringList({u"1"_s, u"2"_s, u"4"_s}));
        QCOMPARE(texts(k[1]), QStringList({u"8"_s, u"16"_s, u"24"_s, u"32"_s}));
        QCOMPARE(texts(k[2]),
                 QStringList({u"2"_s, u"3"_s, u"4"_s, u"6"_s})); // divisors of 12 in [2, 6]
        QCOMPARE(texts(k[3]),
                 QStringList({u"ijk"_s, u"ikj"_s, u"jik"_s})); // only orders with i before k
        QCOMPARE(texts(k[4]), QStringList({u"0"_s, u"1"_s}));
        QCOMPARE(k[4].defaultIndex, 1);
        QCOMPARE(p.space.cardinality(), 3.0 * 4 * 4 * 3 * 2 * 2);
        QCOMPARE(
            p.space.defines(p.space.defaultConfig(), u"#define {name} {value}"_s),
            u"#define L 1\n#define R 8\n#define D 2\n#define P \"ijk\"\n#define B 1\n#define S \"avx2\"\n"_s);
        // Recorded and shown as written: 8, never 8.0 (also from records
        // written before, which held 8.0).
        const Json recorded = p.space.toJson(p.space.defaultConfig());
        QCOMPARE(recorded.dump(), std::string(R"({"L":1,"R":8,"D":2,"P":"ijk","B":1,"S":"avx2"})"));
        QCOMPARE(knobsText(recorded), u"L=1 R=8 D=2 P=ijk B=1 S=avx2"_s);
        const Json older = Json::parse(R"({"L":1.0,"R":8.0,"Q":0.25})");
        QCOMPARE(knobsText(older), u"L=1 R=8 Q=0.25"_s);
        QCOMPARE(p.space.configFromJson(
                     Json::parse(R"({"L":1.0,"R":8.0,"D":2,"P":"ijk","B":1,"S":"avx2"})")),
                 p.space.defaultConfig());
    }

    void multiCharPermutationItems()
    {
        const Parsed p = parse(R"({"knobs": {"O": {"permutation": ["row", "col"]}}})");
        QVERIFY(p.errors.isEmpty());
        QCOMPARE(texts(p.space.knobs()[0]), QStringList({u"row,col"_s, u"col,row"_s}));
    }

    void badDeclarations_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty list")
            << QByteArray(R"({"knobs": {"A": []}})")
            << u"w.json:1:17: knob 'A': 'values' must be a non-empty array"_s;
        QTest::newRow("backwards range")
            << QByteArray(R"({"knobs": {"A": {"range": [9, 1]}}})")
            << u"w.json:1:27: knob 'A': 'range' needs from ≤ to, a positive step and at most a million values"_s;
        QTest::newRow("unknown kind")
            << QByteArray(R"({"knobs": {"A": {"choices": [1]}}})")
            << u"w.json:1:17: knob 'A': declare it as an array of values or an object with one of 'values', 'range', 'divisors', 'permutation'"_s;
        QTest::newRow("precedence names an unknown item")
            << QByteArray(
                   R"({"knobs": {"O": {"permutation": ["i", "j"], "before": [["i", "z"]]}}})")
            << u"w.json:1:56: knob 'O': each 'before' entry must be [\"a\", \"b\"] naming two of i, j"_s;
        QTest::newRow("precedence cycle empties the domain")
            << QByteArray(
                   R"({"knobs": {"O": {"permutation": ["i", "j"], "before": [["i", "j"], ["j", "i"]]}}})")
            << u"w.json:1:17: knob 'O': its domain is empty"_s;
        QTest::newRow("default outside the values")
            << QByteArray(R"({"knobs": {"A": {"values": [1, 2], "default": 3}}})")
            << u"w.json:1:47: knob 'A': default is not one of its values (1, 2)"_s;
        QTest::newRow("constraint with an unknown name")
            << QByteArray(R"({"knobs": {"A": [1]}, "constraints": ["A < Q"]})")
            << u"w.json:1:39: constraint 'A < Q': unknown name 'Q' (at character 5) (names available: A)"_s;
        QTest::newRow("constraint that is not a string")
            << QByteArray(R"({"knobs": {"A": [1]}, "constraints": [3]})")
            << u"w.json:1:39: a constraint must be a string expression, found an integer"_s;
    }

    void badDeclarations()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const Parsed p = parse(json.constData());
        QCOMPARE(p.errors, QStringList{error});
    }

    void validityReportNamesConstraintAndKnob()
    {
        const Parsed p = parse(R"({"knobs": {"BM": [16, 32, 64, 128], "BK": [16, 32, 64, 128]},
                                   "constraints": ["BM * BK <= 2048", "K % BK == 0"]})",
                               {u"K"_s}, {96});
        QVERIFY2(p.errors.isEmpty(), qPrintable(p.errors.join(u'\n')));
        QStringList errors;
        auto config = p.space.parseAssignments({u"BM=64"_s, u"BK=64"_s}, &errors);
        QVERIFY(config);
        const ValidityReport r = p.space.check(*config);
        QCOMPARE(r.violations.size(), size_t(2));
        // 64·64 > 2048 (fix: BK=32 keeps 96 % BK == 0; BM=32 leaves BK=64, which does not divide
        // 96).
        QCOMPARE(r.violations[0].toString(),
                 u"constraint 'BM * BK <= 2048' fails for BM=64 BK=64: change BK to 32"_s);
        QCOMPARE(r.violations[1].toString(),
                 u"constraint 'K % BK == 0' fails for BK=64: change BK to 32"_s);
        QVERIFY(!p.space.isValid(*config));

        auto fixed = p.space.parseAssignments({u"BM=64"_s, u"BK=32"_s}, &errors);
        QVERIFY(p.space.check(*fixed).ok());
    }

    void noSingleFix()
    {
        const Parsed p =
            parse(R"({"knobs": {"A": [1, 2], "B": [1, 2]}, "constraints": ["A + B == 5"]})");
        const ValidityReport r = p.space.check(p.space.defaultConfig());
        QCOMPARE(
            r.toString(),
            u"constraint 'A + B == 5' fails for A=1 B=1: no single change of A, B satisfies every constraint"_s);
    }

    void assignmentErrors()
    {
        const Parsed p = parse(
            R"({"knobs": {"BM": [16, 32], "O": {"permutation": ["i", "j", "k"], "before": [["k", "j"]]}}})");
        QStringList errors;
        QVERIFY(!p.space.parseAssignments(
            {u"BM=48"_s, u"XX=1"_s, u"BN=16"_s, u"O=ijk"_s, u"oops"_s}, &errors));
        QCOMPARE(errors, QStringList({u"BM=48: not one of BM's values (16, 32)"_s,
                                      u"unknown knob 'XX' (knobs: BM, O)"_s, // too far from either
                                      u"unknown knob 'BN' (knobs: BM, O) (did you mean 'BM'?)"_s,
                                      u"O=ijk violates the precedence 'k before j'"_s,
                                      u"'oops': expected NAME=VALUE"_s}));
        errors.clear();
        auto c = p.space.parseAssignments({u"O=i,k,j"_s, u"BM=32"_s}, &errors);
        QVERIFY2(c, qPrintable(errors.join(u'\n')));
        QCOMPARE(p.space.describe(*c), u"BM=32 O=ikj"_s);
    }

    void forEachValidMatchesBruteForce()
    {
        const Parsed p =
            parse(R"({"knobs": {"A": {"range": [1, 12]}, "B": {"range": [1, 12]}, "C": [0, 1]},
                                   "constraints": ["A * B <= 30", "(A + C) % 2 == 0"]})");
        qint64 brute = 0;
        for (int a = 1; a <= 12; ++a)
            for (int b = 1; b <= 12; ++b)
                for (int c = 0; c <= 1; ++c)
                    brute += (a * b <= 30 && (a + c) % 2 == 0) ? 1 : 0;
        QSet<QString> seen;
        const qint64 n = p.space.forEachValid([&](const KnobConfig &cfg) {
            seen.insert(p.space.describe(cfg));
            return true;
        });
        QCOMPARE(n, brute);
        QCOMPARE(qint64(seen.size()), brute); // each visited once
        // Visiting can stop early.
        int visits = 0;
        QCOMPARE(p.space.forEachValid([&](const KnobConfig &) { return ++visits < 5; }), 5);
    }
};

QTEST_GUILESS_MAIN(TestKnobs)
#include "tst_knobs.moc"
