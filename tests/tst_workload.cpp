// Workload loading and validation: every error path, with exact messages.
#include "remote/slurm.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestWorkload : public QObject
{
    Q_OBJECT

private:
    QString m_dir;
    TargetProfile m_target;

    WorkloadLoad load(const QString &file) { return loadWorkload(m_dir + u'/' + file, &m_target); }

    // Diagnostics with the fixture folder stripped, as a user reads them when
    // running kwb from that folder.
    QStringList render(const QList<Diagnostic> &ds)
    {
        QStringList out;
        for (const Diagnostic &d : ds) {
            QString text = d.toString();
            if (text.startsWith(m_dir + u'/'))
                text.remove(0, m_dir.size() + 1);
            out << text;
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = QFileInfo(QFINDTESTDATA("data/workloads/valid.json")).absolutePath();
        QVERIFY(!m_dir.isEmpty());
        Diagnostic d;
        auto t = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(t, qPrintable(d.toString()));
        m_target = *t;
    }

    void validWorkload()
    {
        const WorkloadLoad l = load(u"valid.json"_s);
        QVERIFY2(l.errors.isEmpty(), qPrintable(l.message()));
        QVERIFY(l.warnings.isEmpty());
        const Workload &w = *l.workload;
        QCOMPARE(w.name, u"tiny"_s);
        QCOMPARE(w.kernelEntry, u"f"_s);
        QCOMPARE(w.referenceEntry, u"g"_s);
        QCOMPARE(w.kernelPath, m_dir + u"/k.cpp"_s); // resolved against the workload's folder
        QCOMPARE(w.dimNames, QStringList({u"N"_s, u"M"_s})); // declaration order is kept
        QCOMPARE(w.inputs.size(), size_t(2));
        QCOMPARE(w.inputs[0].name, u"x"_s);
        QCOMPARE(w.inputs[0].shape, std::vector<qint64>({64, 9})); // "M + 1" evaluated
        QCOMPARE(w.inputs[0].dtype, DType::Float32);
        QCOMPARE(w.inputs[1].dtype, DType::Int32);
        QCOMPARE(w.inputs[1].high, 2.0);
        QCOMPARE(w.outputs[0].dtype, DType::Float64);
        QCOMPARE(w.flops, 2.0 * 64 * 8);
        QCOMPARE(w.bytes, 4.0 * 64 * 9 + 8 * 64);
        QCOMPARE(w.correctness.atol, 0.5);
        QCOMPARE(w.correctness.rtol, 1e-4); // default
        QCOMPARE(w.correctness.seeds, std::vector<qint64>({7, 9}));
        QCOMPARE(w.benchmark.iters, 3);
        QVERIFY(w.benchmark.coldCache);
        QCOMPARE(w.benchmark.closeCallRetimings, 0); // the default is 2
        QVERIFY(w.goal.higherIsBetter);              // from the catalog: gflops is better higher
        QCOMPARE(w.verifyDimValues,
                 std::vector<double>({40, 8})); // the second shape, other dims kept

        QString error;
        const auto other = reshaped(w, w.verifyDimValues, &error);
        QVERIFY2(other, qPrintable(error));
        QCOMPARE(other->inputs[0].shape, std::vector<qint64>({40, 9}));
        QCOMPARE(other->outputs[0].shape, std::vector<qint64>({40}));
        QCOMPARE(other->flops, 2.0 * 40 * 8);
        QVERIFY(!reshaped(w, {64, -2}, &error)); // "M + 1" would be -1
        QVERIFY2(error.contains(u"M + 1"_s), qPrintable(error));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("errors");
        QTest::addColumn<QStringList>("warnings");

        QTest::newRow("every missing name in one message")
            << u"missing.json"_s
            << QStringList{u"missing.json: missing required names: kernel, reference, inputs, outputs, hosts, goal.metric, goal.target"_s}
            << QStringList{};
        QTest::newRow("syntax error names line and column")
            << u"syntax.json"_s
            << QStringList{u"syntax.json:3:23: malformed JSON: syntax error while parsing object key - unexpected ','; expected string literal"_s}
            << QStringList{};
        QTest::newRow("truncated file")
            << u"truncated.json"_s
            << QStringList{u"truncated.json:4:1: malformed JSON: syntax error while parsing object - unexpected end of input; expected '}'"_s}
            << QStringList{};
        QTest::newRow("second shape: unknown dim, bad size")
            << u"verifydims.json"_s
            << QStringList{u"verifydims.json:9:24: 'K' is not one of the dims (N, M)"_s,
                           u"verifydims.json:9:33: dim 'M' must be a positive integer, found 0"_s}
            << QStringList{};
        QTest::newRow("not an object")
            << u"notobject.json"_s
            << QStringList{u"notobject.json:1:1: a workload must be a JSON object, found an array"_s}
            << QStringList{};
        QTest::newRow("type errors, each at its value, in file order")
            << u"types.json"_s
            << QStringList{u"types.json:5:16: reference file 'nowhere.cpp' not found (looked for "_s +
                               m_dir + u"/nowhere.cpp)"_s,
                           u"types.json:6:17: dim 'N' must be a positive integer, found -4"_s,
                           u"types.json:7:45: 'inputs' entry 'x': unknown dtype 'f16' (known: float32, float64, int32, int64, float16, bfloat16)"_s,
                           u"types.json:8:30: 'outputs' entry 'y': 'shape' must be an array of sizes or dim names, found a string"_s,
                           u"types.json:9:12: 'hosts' must be an array of strings, found a string"_s,
                           u"types.json:10:22: goal metric 'gflop' is not in the cpu-cxx metric catalog (did you mean 'gflops'?)"_s,
                           u"types.json:10:41: 'goal.target' must be a number, found a string"_s,
                           u"types.json:10:62: 'goal.direction' must be \"max\" or \"min\", found \"up\""_s,
                           u"types.json:11:13: 'rounds' must be an integer, found a string"_s,
                           u"types.json:13:12: 'flops' formula '2 * N *': unexpected end of expression"_s,
                           u"types.json:14:27: 'correctness.atol' must be at least 0, found -1"_s,
                           u"types.json:14:40: 'correctness.seeds' must be at least 1, found 0"_s}
            << QStringList{
                   u"types.json:12:3: warning: unknown key 'roundz' is ignored (did you mean 'rounds'?)"_s};
        QTest::newRow("the remaining validators")
            << u"types2.json"_s
            << QStringList{u"types2.json:6:15: template file 'missing-template.cpp' not found (looked for "_s +
                               m_dir + u"/missing-template.cpp)"_s,
                           u"types2.json:7:12: entry '9lives' is not a valid function name"_s,
                           u"types2.json:9:30: 'inputs' entry 'x': shape sizes must be positive integers, found 0"_s,
                           u"types2.json:9:64: 'inputs' entry 'x': 'range' must be [low, high] with low ≤ high"_s,
                           u"types2.json:9:79: 'inputs' entry 'y' must be an object with 'shape' and 'dtype', found an array"_s,
                           u"types2.json:11:22: host 'bad host' must be \"local\", user@host[:port], an ssh alias or slurm://LOGIN?partition=…"_s,
                           u"types2.json:11:34: 'hosts' must hold strings only, found an integer"_s,
                           u"types2.json:13:14: 'planner' must be \"search\" or \"llm\", found \"oracle\""_s,
                           u"types2.json:14:12: 'batch' must be at least 1, found 0"_s,
                           u"types2.json:15:27: 'benchmark.warmup' must be at least 0, found -1"_s,
                           u"types2.json:15:40: 'benchmark.iters' must be an integer, found a number"_s,
                           u"types2.json:15:60: 'benchmark.max_seconds' must be greater than 0, found 0"_s,
                           u"types2.json:15:77: 'benchmark.cold_cache' must be true or false, found a string"_s,
                           u"types2.json:15:108: 'benchmark.close_call_retimings' must be at most 10, found 11"_s,
                           u"types2.json:16:31: 'divergence.threshold' must be greater than 0, found 0"_s,
                           u"types2.json:16:50: 'divergence.max_failures' must be at least 1, found 0"_s,
                           u"types2.json:17:28: 'compile_flags' must hold strings only, found an integer"_s,
                           u"types2.json:18:12: 'bytes' formula '-4 * N': must not be negative"_s}
            << QStringList{
                   u"types2.json:7:52: warning: unknown key 'extra' in 'entry' is ignored"_s,
                   u"types2.json:10:53: warning: unknown key 'strides' in 'outputs.y' is ignored"_s};
        QTest::newRow("entries and tensors")
            << u"entry.json"_s
            << QStringList{u"entry.json:3:12: kernel and reference entries must differ (both are 'same'); set entry.reference"_s,
                           u"entry.json:5:20: 'outputs' entry 'x' misses dtype"_s}
            << QStringList{};
    }

    void errors()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, errors);
        QFETCH(QStringList, warnings);
        const WorkloadLoad l = load(file);
        QCOMPARE(render(l.errors), errors);
        QCOMPARE(render(l.warnings), warnings);
        QVERIFY(!l.workload); // refused as a whole
    }

    void clusterSection()
    {
        const WorkloadLoad l = load(u"cluster.json"_s);
        QVERIFY2(l.errors.isEmpty(), qPrintable(l.message()));
        QCOMPARE(
            l.workload->hosts,
            QStringList{
                u"slurm://alice@login1?partition=gpu&gres=gpu:1&account=p%26q&time=00:10:00&sbatch=--exclusive%20--mem%3D8G&allocation=2"_s});
        // The host it names reads back as the section said.
        QString error;
        auto spec = SlurmSpec::parse(l.workload->hosts.first(), &error);
        QVERIFY2(spec, qPrintable(error));
        QCOMPARE(spec->login, u"alice@login1"_s);
        QCOMPARE(spec->account, u"p&q"_s);
        QCOMPARE(spec->extra, QStringList({u"--exclusive"_s, u"--mem=8G"_s}));
        QCOMPARE(spec->allocation, 2);

        const WorkloadLoad bad = load(u"cluster-bad.json"_s);
        QVERIFY(!bad.workload);
        QCOMPARE(
            render(bad.warnings),
            QStringList{
                u"cluster-bad.json:10:15: warning: unknown key 'partiton' in 'cluster' is ignored (did you mean 'partition'?)"_s});
        QCOMPARE(render(bad.errors),
                 QStringList{u"cluster-bad.json:10:42: 'cluster.time' must not contain spaces"_s});
    }

    void knobsWithoutTemplateWarn()
    {
        const WorkloadLoad l = load(u"knobs-without-template.json"_s);
        QVERIFY(l.workload); // a warning does not refuse the workload
        QCOMPARE(
            render(l.warnings),
            QStringList{
                u"knobs-without-template.json:6:3: warning: knobs are declared but no 'template' kernel uses them"_s});
    }

    void misspeltKnobKeyIsNamed()
    {
        // A knob's declaration is read like the rest of the file: a key it
        // does not know is named, with the one it probably meant.
        const WorkloadLoad l = load(u"knob-typo.json"_s);
        QVERIFY2(l.workload, qPrintable(l.message())); // a warning does not refuse it
        QCOMPARE(
            render(l.warnings),
            QStringList{
                u"knob-typo.json:6:37: warning: unknown key 'defualt' in 'knobs.B' is ignored (did you mean 'default'?)"_s});
        QCOMPARE(l.workload->knobs.knobs().front().defaultIndex, 0); // not 2: it was misspelt
    }

    void missingFile()
    {
        const WorkloadLoad l = load(u"does-not-exist.json"_s);
        QCOMPARE(l.errors.size(), 1);
        QVERIFY(l.errors[0].toString().contains(u"cannot read file"_s));
    }

    void bundledExamplesLoad_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("matmul") << u"examples/matmul-cpu/workload.json"_s;
        QTest::newRow("softmax") << u"examples/softmax-cpu/workload.json"_s;
    }

    void bundledExamplesLoad()
    {
        QFETCH(QString, path);
        const WorkloadLoad l =
            loadWorkload(QStringLiteral(KWB_SOURCE_DIR) + u'/' + path, &m_target);
        QVERIFY2(l.errors.isEmpty() && l.warnings.isEmpty(), qPrintable(l.message()));
    }
};

QTEST_GUILESS_MAIN(TestWorkload)
#include "tst_workload.moc"
