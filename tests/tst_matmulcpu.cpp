// The bundled example's packed template (examples/matmul-cpu/packed.cpp)
// through the real cpu-cxx target: correct at shapes that are multiples of
// no tile, on every vector width it picks from the ISA, with the blocking
// from the host's caches and with explicit blocks that split M, N and K;
// never flagged by the audit; and the host's cache sizes reach its compile.
#include "evaluatenow.h"
#include "source/kernelsource.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestMatmulCpu : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_work;
    TargetProfile m_target;
    Workload m_workload;
    Calibration m_calibration;

    EvalOutcome evaluate(const QString &source, const Workload &w)
    {
        return evaluateNow(w, m_target, m_calibration, m_work.path(),
                           Candidate{source, Origin::Agent, Json::object(), u"packed.cpp"_s, {}},
                           300'000);
    }

    static bool cpuHas(const QString &flag)
    {
        QFile f(u"/proc/cpuinfo"_s);
        if (!f.open(QIODevice::ReadOnly))
            return false;
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.startsWith("flags"))
                return QString::fromLatin1(line).split(u' ').contains(flag);
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_work.isValid());
        if (QStandardPaths::findExecutable(u"g++"_s).isEmpty())
            QSKIP("g++ is not installed; cpu-cxx cannot be tested");
        const LoadedWorkload l = loadWorkloadAndTarget(
            QStringLiteral(KWB_SOURCE_DIR "/examples/matmul-cpu/workload.json"));
        QVERIFY2(l.ok(), qPrintable(l.errors.isEmpty() ? QString() : l.errors.first().toString()));
        m_workload = *l.workload;
        m_target = *l.target;
        m_calibration.peakGflops = 1e6; // no roofline flag at these sizes
        m_calibration.peakGbs = 1e6;
    }

    // The example states its goal against the machine, and its template is
    // the packed one with defaults inside its own constraints.
    void exampleGoalAndDefaults()
    {
        QCOMPARE(m_workload.goal.metric, u"pct_peak_flops"_s);
        QVERIFY(m_workload.templatePath.endsWith(u"/packed.cpp"_s));
        const KnobSpace &space = m_workload.knobs;
        QVERIFY2(space.check(space.defaultConfig()).ok(),
                 qPrintable(space.check(space.defaultConfig()).toString()));
        // Spilling micro-tiles are outside the space: 7 × 2 needs 17 registers.
        const auto spill = space.parseAssignments({u"MR=7"_s, u"NV=2"_s}, nullptr);
        QVERIFY(spill);
        QVERIFY(!space.isValid(*spill));
        QVERIFY(space.countValid().count > 1000);
    }

    // Every ISA path the template has, at M, N, K that are multiples of no
    // tile: the blocking from the caches (one block of each, edge tiles in
    // both directions) and explicit small blocks (several of each, a
    // partial block at the end of M, N and K, MC not a multiple of MR).
    void oddShapesOnEveryIsa_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("needs"); // a /proc/cpuinfo flag, or empty
        QTest::newRow("portable (x86-64, SSE2: 4 lanes)")
            << QStringList{u"-march=x86-64"_s} << QString();
        QTest::newRow("AVX2 (haswell: 8 lanes)") << QStringList{u"-march=haswell"_s} << u"avx2"_s;
        QTest::newRow("16 lanes, the compiler splitting them")
            << QStringList{u"-march=x86-64"_s, u"-DKWB_LANES=16"_s} << QString();
        QTest::newRow("AVX-512 (skylake-avx512: 16 lanes)")
            << QStringList{u"-march=skylake-avx512"_s} << u"avx512f"_s;
    }

    void oddShapesOnEveryIsa()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, needs);
        if (!needs.isEmpty() && !cpuHas(needs))
            QSKIP(qPrintable(
                u"this CPU lacks %1: that path is compiled here (isaPathsCompile), never run"_s.arg(
                    needs)));
        QString error;
        std::optional<Workload> w = reshaped(m_workload, {101, 203, 157}, &error);
        QVERIFY2(w, qPrintable(error));
        w->compileFlags = flags;
        w->benchmark.iters = 1;
        w->benchmark.maxSeconds = 0.2;
        const QStringList configs[] = {
            {},
            {u"MR=5"_s, u"NV=1"_s, u"KC=64"_s, u"MC=24"_s, u"NC=256"_s, u"KU=8"_s, u"PF=4"_s},
            {u"MR=3"_s, u"NV=3"_s, u"KC=64"_s, u"MC=48"_s, u"NC=256"_s, u"KU=1"_s},
        };
        for (const QStringList &assignments : configs) {
            QStringList errors;
            const auto config = w->knobs.parseAssignments(assignments, &errors);
            QVERIFY2(config, qPrintable(errors.join(u"; "_s)));
            const QString source = instantiateTemplate(*w, m_target, *config, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const EvalOutcome o = evaluate(source, *w);
            const QString what = assignments.join(u' ') + u" with "_s + flags.join(u' ');
            QVERIFY2(!o.infra, qPrintable(what + u": "_s + o.infraMessage));
            QVERIFY2(o.result.compiled, qPrintable(what + u": "_s + o.result.failureMessage));
            QVERIFY2(!o.result.failed(), qPrintable(what + u": "_s + o.result.failureMessage));
            QVERIFY2(o.result.correct.value_or(false), qPrintable(what));
            QVERIFY2(!o.result.document.contains("flags"), qPrintable(what + u": flagged"_s));
        }
    }

    // Each ISA path compiles to that ISA's fused multiply-adds, on any host:
    // the paths this CPU cannot run are at least built and looked at.
    void isaPathsCompile_data()
    {
        QTest::addColumn<QString>("march");
        QTest::addColumn<QString>("fma"); // an instruction the micro-kernel must hold
        QTest::newRow("AVX-512") << u"skylake-avx512"_s << u"vfmadd231ps\t%zmm"_s;
        QTest::newRow("AVX2") << u"haswell"_s << u"vfmadd231ps\t%ymm"_s;
    }

    void isaPathsCompile()
    {
        QFETCH(QString, march);
        QFETCH(QString, fma);
        QProcess cc;
        cc.setProcessChannelMode(QProcess::MergedChannels);
        cc.start(u"g++"_s,
                 {u"-O3"_s, u"-std=c++20"_s, u"-march="_s + march, u"-S"_s, u"-o"_s, u"-"_s,
                  QStringLiteral(KWB_SOURCE_DIR "/examples/matmul-cpu/packed.cpp")});
        QVERIFY(cc.waitForFinished(300'000));
        const QString assembly = QString::fromUtf8(cc.readAll());
        QVERIFY2(cc.exitCode() == 0, qPrintable(assembly.left(2000)));
        QVERIFY2(assembly.contains(fma), qPrintable(march));
    }

    // The template's own buffers, under AddressSanitizer and UBSan (which
    // the audit keeps out of an evaluated kernel): a packed block one panel
    // short writes past its allocation without failing a check.
    void packedTemplateUnderSanitizers_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("needs");
        const QStringList blocks{u"-DMR=5"_s,   u"-DNV=3"_s, u"-DKC=64"_s, u"-DMC=24"_s,
                                 u"-DNC=256"_s, u"-DKU=4"_s, u"-DPF=8"_s};
        QTest::newRow("portable, blocks from the caches")
            << QStringList{u"-march=x86-64"_s} << QString();
        QTest::newRow("portable, explicit blocks")
            << (QStringList{u"-march=x86-64"_s} + blocks) << QString();
        QTest::newRow("AVX2, explicit blocks")
            << (QStringList{u"-march=haswell"_s} + blocks) << u"avx2"_s;
        QTest::newRow("16 lanes, explicit blocks")
            << (QStringList{u"-march=x86-64"_s, u"-DKWB_LANES=16"_s} + blocks) << QString();
    }

    void packedTemplateUnderSanitizers()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, needs);
        if (!needs.isEmpty() && !cpuHas(needs))
            QSKIP(qPrintable(u"this CPU lacks %1"_s.arg(needs)));
        const QString dir =
            m_work.path() + u"/asan-"_s + QString::number(qHash(flags.join(u' ')), 16);
        QVERIFY(QDir().mkpath(dir));
        QFile driver(dir + u"/driver.cpp"_s);
        QVERIFY(driver.open(QIODevice::WriteOnly));
        driver.write(R"(#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>
extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K);
int main()
{
    const int64_t shapes[][3] = {{1, 1, 1}, {7, 5, 3}, {101, 203, 157}, {64, 300, 65}, {13, 17, 600}};
    for (const auto &s : shapes) {
        const int64_t M = s[0], N = s[1], K = s[2];
        std::vector<float> A(M * K), B(K * N), C(M * N, NAN);
        for (int64_t i = 0; i < M * K; ++i) A[i] = float((i * 7919) % 17) / 8 - 1;
        for (int64_t i = 0; i < K * N; ++i) B[i] = float((i * 104729) % 13) / 6 - 1;
        matmul(A.data(), B.data(), C.data(), M, N, K);
        for (int64_t i = 0; i < M; ++i)
            for (int64_t j = 0; j < N; ++j) {
                double want = 0;
                for (int64_t k = 0; k < K; ++k) want += double(A[i * K + k]) * B[k * N + j];
                if (!(std::fabs(C[i * N + j] - want) <= 1e-3 + 1e-4 * std::fabs(want))) {
                    std::printf("%ldx%ldx%ld: C[%ld][%ld] = %g, not %g\n", long(M), long(N), long(K),
                                long(i), long(j), double(C[i * N + j]), want);
                    return 1;
                }
            }
    }
    return 0;
}
)");
        driver.close();
        QProcess cc;
        cc.setProcessChannelMode(QProcess::MergedChannels);
        cc.start(u"g++"_s, QStringList{u"-O2"_s, u"-std=c++20"_s, u"-fsanitize=address,undefined"_s,
                                       u"-fno-sanitize-recover=all"_s}
                               << flags
                               << QStringList{QStringLiteral(KWB_SOURCE_DIR
                                                             "/examples/matmul-cpu/packed.cpp"),
                                              driver.fileName(), u"-o"_s, dir + u"/driver"_s});
        QVERIFY(cc.waitForFinished(300'000));
        QVERIFY2(cc.exitCode() == 0, cc.readAll().constData());
        QProcess run;
        run.setProcessChannelMode(QProcess::MergedChannels);
        run.start(dir + u"/driver"_s, QStringList());
        QVERIFY(run.waitForFinished(120'000));
        const QByteArray said = run.readAll();
        QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0, said.constData());
    }

    // The supervisor hands the kernel's compile the host's cache sizes: a
    // kernel that refuses to compile without them compiles.
    void hostCachesReachTheKernel()
    {
        if (!QFileInfo::exists(u"/sys/devices/system/cpu/cpu0/cache/index0/size"_s))
            QSKIP("this host reports no caches in sysfs; the template falls back to its own sizes");
        QString error;
        std::optional<Workload> w = reshaped(m_workload, {8, 8, 8}, &error);
        QVERIFY2(w, qPrintable(error));
        w->benchmark.iters = 1;
        w->benchmark.maxSeconds = 0.2;
        const QString source =
            u"#include <cstdint>\n"
            "#if !defined(KWB_L1D_BYTES) || !defined(KWB_L2_BYTES) || KWB_L1D_BYTES < 4096\n"
            "#error no cache sizes from the host\n"
            "#endif\n"
            "extern \"C\" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t "
            "N, "
            "int64_t K)\n{\n"
            "    for (int64_t i = 0; i < M; ++i)\n"
            "        for (int64_t j = 0; j < N; ++j) {\n"
            "            float s = 0;\n"
            "            for (int64_t k = 0; k < K; ++k)\n"
            "                s += A[i * K + k] * B[k * N + j];\n"
            "            C[i * N + j] = s;\n"
            "        }\n}\n"_s;
        const EvalOutcome o = evaluate(source, *w);
        QVERIFY2(!o.infra, qPrintable(o.infraMessage));
        QVERIFY2(o.result.compiled, qPrintable(o.result.failureMessage));
        QVERIFY(o.result.correct.value_or(false));
    }
};

QTEST_GUILESS_MAIN(TestMatmulCpu)
#include "tst_matmulcpu.moc"
