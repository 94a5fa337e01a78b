// The side-by-side line diff the diff editor shows: alignment on tricky
// inputs, in-line change ranges, line endings, large files.
#include "diff/linediff.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

using Kind = DiffRow::Kind;

// Rows as "L|R|kind" with the lines' texts, "-" for padding.
QStringList render(const LineDiff &d)
{
    QStringList out;
    for (const DiffRow &r : d.rows()) {
        const QString l = r.left >= 0 ? d.leftLines()[r.left] : u"-"_s;
        const QString rt = r.right >= 0 ? d.rightLines()[r.right] : u"-"_s;
        const char *k = r.kind == Kind::Equal     ? "="
                        : r.kind == Kind::Changed ? "~"
                        : r.kind == Kind::Deleted ? "<"
                                                  : ">";
        out << l + u'|' + rt + u'|' + QString::fromLatin1(k);
    }
    return out;
}

// Every line of each side appears exactly once, in order.
bool covers(const LineDiff &d)
{
    int l = 0, r = 0;
    for (const DiffRow &row : d.rows()) {
        if (row.left >= 0 && row.left != l++)
            return false;
        if (row.right >= 0 && row.right != r++)
            return false;
        if (row.left < 0 && row.right < 0)
            return false;
    }
    return l == d.leftLines().size() && r == d.rightLines().size();
}

} // namespace

class TestDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void alignment_data()
    {
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("right");
        QTest::addColumn<QStringList>("rows");
        QTest::newRow("same") << u"a\nb\n"_s << u"a\nb\n"_s << QStringList{u"a|a|="_s, u"b|b|="_s};
        QTest::newRow("insert at start")
            << u"b\nc\n"_s << u"a\nb\nc\n"_s << QStringList{u"-|a|>"_s, u"b|b|="_s, u"c|c|="_s};
        QTest::newRow("insert at end")
            << u"a\nb\n"_s << u"a\nb\nc\n"_s << QStringList{u"a|a|="_s, u"b|b|="_s, u"-|c|>"_s};
        QTest::newRow("delete in the middle")
            << u"a\nx\nb\n"_s << u"a\nb\n"_s << QStringList{u"a|a|="_s, u"x|-|<"_s, u"b|b|="_s};
        QTest::newRow("change pairs, surplus pads")
            << u"a\nold1\nold2\nz\n"_s << u"a\nnew1\nz\n"_s
            << QStringList{u"a|a|="_s, u"old1|new1|~"_s, u"old2|-|<"_s, u"z|z|="_s};
        QTest::newRow("left empty")
            << QString() << u"a\nb"_s << QStringList{u"-|a|>"_s, u"-|b|>"_s};
        QTest::newRow("right empty") << u"a\n"_s << QString() << QStringList{u"a|-|<"_s};
        QTest::newRow("both empty") << QString() << QString() << QStringList{};
        QTest::newRow("CRLF against LF is no change")
            << u"a\r\nb\r\n"_s << u"a\nb"_s << QStringList{u"a|a|="_s, u"b|b|="_s};
        QTest::newRow("blank lines") << u"\n\na\n"_s << u"\na\n\n"_s
                                     << QStringList{u"||="_s, u"|-|<"_s, u"a|a|="_s, u"-||>"_s};
    }

    void alignment()
    {
        QFETCH(QString, left);
        QFETCH(QString, right);
        QFETCH(QStringList, rows);
        const LineDiff d = LineDiff::compute(left, right);
        QCOMPARE(render(d), rows);
        QVERIFY(covers(d));
    }

    void inlineChangesAreMarked()
    {
        const LineDiff d = LineDiff::compute(u"for (int i = 0; i < BM; ++i)\n"_s,
                                             u"for (int i = 0; i < BN; i += 2)\n"_s);
        QCOMPARE(d.rows().size(), size_t(1));
        const DiffRow &r = d.rows()[0];
        QCOMPARE(r.kind, Kind::Changed);
        // "BM" → "BN": the M; "++i" → "i += 2".
        QCOMPARE(r.leftSpans.front(), std::make_pair(21, 1));
        QCOMPARE(r.rightSpans.front(), std::make_pair(21, 1));
        QVERIFY(r.leftSpans.size() >= 2);
        QVERIFY(r.rightSpans.size() >= 2);
        for (const auto &[at, n] : r.rightSpans)
            QVERIFY(at >= 0 && at + n <= d.rightLines()[0].size());
    }

    void countsLikeDiffStat()
    {
        const LineDiff d = LineDiff::compute(u"a\nb\nc\n"_s, u"a\nB\nc\nd\n"_s);
        QCOMPARE(d.removedLines(), 1);
        QCOMPARE(d.addedLines(), 2);
        QCOMPARE(d.changedRows(), 2);
    }

    void tenThousandLines()
    {
        QString a, b;
        for (int i = 0; i < 10'000; ++i) {
            const QString line = u"    acc["_s + QString::number(i % 97) + u"] += x["_s +
                                 QString::number(i) + u"];\n"_s;
            a += line;
            b += (i % 500 == 7) ? u"    // tuned\n"_s + line : line;
        }
        b.replace(u"x[9999]"_s, u"y[9999]"_s);
        const LineDiff d = LineDiff::compute(a, b);
        QVERIFY(covers(d));
        QCOMPARE(d.addedLines(), 20 + 1);
        QCOMPARE(d.removedLines(), 1);
        QCOMPARE(d.rows().size(), size_t(10'000 + 20));
        QCOMPARE(d.rows().back().kind, Kind::Changed);
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
