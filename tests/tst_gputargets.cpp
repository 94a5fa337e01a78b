// The GPU targets on a machine without a GPU: cuda-cxx's compile stage with
// the real nvcc (ptxas figures, compile errors, "no CUDA device" as an
// infrastructure failure), Nsight Compute CSVs recorded on an H100, and the
// triton target end to end in Triton's interpreter (TRITON_INTERPRET=1,
// PyTorch's CPU build): correctness, knob binding, every failure class, a
// KernelBench problem as the reference, a kernel that cheats when timed, and
// the loop's gate. Interpreter times are CPU times and are never compared
// with GPU figures here.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "evaluatenow.h"
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/guards.h"
#include "planning/planner.h"
#include "rules/decision.h"
#include "run/evaluation.h"
#include "session/sessionstore.h"
#include "source/kernelsource.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestGpuTargets : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_supervisor;    // the cuda-cxx supervisor, built from the embedded target
    QString m_hipSupervisor; // the hip one
    QString m_nkiSupervisor; // the Python targets' one, as the nki target installs it

    static QString data(const QString &rel) { return QStringLiteral(KWB_TEST_DATA) + u'/' + rel; }

    static QString read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    static QString python() { return qEnvironmentVariable("KWB_PYTHON"); }

    struct Loaded
    {
        Workload workload;
        TargetProfile target;
    };
    static std::optional<Loaded> load(const QString &workload)
    {
        LoadedWorkload l = loadWorkloadAndTarget(data(workload));
        if (!l.ok()) {
            for (const Diagnostic &d : l.errors)
                qWarning("%s", qPrintable(d.toString()));
            return std::nullopt;
        }
        return Loaded{*l.workload, *l.target};
    }

    EvalOutcome evaluate(const Workload &w, const TargetProfile &t, const QString &source,
                         const QString &root, QStringList *console = nullptr)
    {
        Evaluator ev(w, t, Calibration{}, root);
        EvalOutcome outcome;
        connect(&ev, &Evaluator::finished, this, [&](const EvalOutcome &o) { outcome = o; });
        if (console)
            connect(&ev, &Evaluator::consoleLine, this,
                    [console](const QString &l) { *console << l; });
        QSignalSpy done(&ev, &Evaluator::finished);
        ev.start(Candidate{source, Origin::Human, Json::object(), u"test"_s, {}});
        if (!done.wait(300'000))
            qWarning("the evaluation did not finish");
        return outcome;
    }

    // Why the cuda-cxx compile stage without a GPU cannot be tested here, if it cannot.
    static QString whyNoCompileWithoutAGpu()
    {
        if (QString why = leftToTheMainPass(); !why.isEmpty())
            return why;
        if (QStandardPaths::findExecutable(u"nvcc"_s).isEmpty() &&
            !QFileInfo::exists(u"/usr/local/cuda/bin/nvcc"_s))
            return u"nvcc is not installed here"_s;
        if (!QStandardPaths::findExecutable(u"nvidia-smi"_s).isEmpty())
            return u"this machine has an NVIDIA driver, so the no-GPU path is not what runs here"_s;
        return {};
    }

    // The supervisor's JSON answer to `mode FILE`.
    Json supervise(const QString &mode, const QString &file, const QString &supervisor = {})
    {
        QProcess p;
        p.start(supervisor.isEmpty() ? m_supervisor : supervisor, {mode, file});
        if (!p.waitForFinished(30'000))
            return Json();
        return Json::parse(p.readAllStandardOutput().toStdString(), nullptr, false);
    }

    // What `kwb hosts check` says of the bundled example `example` on this
    // host; `status` gets its exit status (-1 when it did not finish).
    static QString hostsCheck(const QString &example, int *status = nullptr)
    {
        QProcess kwb;
        kwb.start(QStringLiteral(KWB_BINARY), {u"hosts"_s, u"check"_s,
                                               QStringLiteral(KWB_SOURCE_DIR) + u"/examples/"_s +
                                                   example + u"/workload.json"_s});
        const bool finished = kwb.waitForFinished(120'000);
        if (status)
            *status = finished ? kwb.exitCode() : -1;
        return QString::fromUtf8(kwb.readAllStandardOutput() + kwb.readAllStandardError());
    }

    // The kernel in `file` does not compile: the kernel's failure, never the
    // host's, with `error` in its log.
    void failsToCompile(const Loaded &l, const QString &file, const QString &error,
                        const QString &root)
    {
        const EvalOutcome broken = evaluate(l.workload, l.target, read(file), root);
        QVERIFY2(!broken.infra, qPrintable(broken.infraMessage));
        QCOMPARE(broken.result.failureClass, u"compile"_s);
        QVERIFY(!broken.result.compiled);
        QVERIFY2(broken.result.log(u"compile"_s).contains(error),
                 qPrintable(broken.result.log(u"compile"_s)));
    }

    // The workload's template bound to `knobs` (its source starting with
    // `header`, the knob lines `lines` in it) evaluates correct, and
    // `wrongFile` fails as incorrect.
    void knobInstanceAndAWrongKernel(const Loaded &l, const QStringList &knobs,
                                     const QString &header, const QString &lines,
                                     const QString &wrongFile, const QString &root)
    {
        const KnobConfig config = *l.workload.knobs.parseAssignments(knobs, nullptr);
        QString error;
        const QString instance = instantiateTemplate(l.workload, l.target, config, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(instance.startsWith(header) && instance.contains(lines),
                 qPrintable(instance.left(400)));
        const EvalOutcome tuned = evaluate(l.workload, l.target, instance, root);
        QVERIFY2(!tuned.infra && !tuned.result.failed(),
                 qPrintable(tuned.infraMessage + tuned.result.failureMessage));
        const EvalOutcome wrong = evaluate(l.workload, l.target, read(wrongFile), root);
        QCOMPARE(wrong.result.failureClass, u"incorrect"_s);
        QCOMPARE(wrong.result.correct, std::optional<bool>(false));
    }

    // The host side of `target` as kwb installs it, built with the host's
    // compiler into `*binary`.
    void buildSupervisor(const QString &target, const QStringList &shared, QString *binary)
    {
        Diagnostic d;
        auto t = TargetRegistry::load(target, &d);
        QVERIFY2(t, qPrintable(d.toString()));
        QString error;
        const QString root = m_tmp.path() + u"/host-"_s + target;
        QVERIFY2(installTargetFiles(*t, root, &error), qPrintable(error));
        for (const QString &file : shared)
            QVERIFY2(QFileInfo::exists(root + u'/' + file), qPrintable(file));
        *binary = root + u"/supervisor"_s;
        QProcess cc;
        cc.start(u"g++"_s,
                 {u"-O1"_s, u"-std=c++17"_s, u"-o"_s, *binary, root + u"/supervisor.cpp"_s});
        QVERIFY(cc.waitForFinished(120'000));
        QVERIFY2(cc.exitCode() == 0, cc.readAllStandardError().constData());
    }

    // Why the hip compile stage without a GPU cannot be tested here, if it cannot.
    static QString whyNoHipCompileWithoutAGpu()
    {
        if (QString why = leftToTheMainPass(); !why.isEmpty())
            return why;
        if (QStandardPaths::findExecutable(u"hipcc"_s).isEmpty())
            return u"hipcc is not installed here (Debian: apt-get install hipcc libamdhip64-dev)"_s;
        if (QFileInfo::exists(u"/dev/kfd"_s))
            return u"this machine has an AMD GPU driver, so the no-GPU path is not what runs here"_s;
        return {};
    }

    // A kernel file whose host code replaces the runtime's event timer,
    // launches on a side stream of its own and opens a file: the audit of
    // its host object names each, and nothing is linked or run. Its
    // kernel's handle and launch stub, and the header's inline functions
    // (dim3), are not flagged.
    void auditNamesHostCheats(const QString &workload, const QString &file, const QString &api)
    {
        auto l = load(workload);
        QVERIFY(l);
        QStringList console;
        const EvalOutcome o = evaluate(l->workload, l->target, read(data(file)),
                                       m_tmp.path() + u"/audit-"_s + api, &console);
        const QString text = console.join(u'\n');
        QVERIFY2(!o.infra, qPrintable(o.infraMessage + u"\n"_s + text));
        QStringList reasons;
        for (const Json &f : o.result.document.value("flags", Json::array()))
            reasons << QString::fromStdString(f.value("reason", std::string()));
        const QString all = reasons.join(u" | "_s);
        QVERIFY2(all.contains(u"defines the global symbol "_s + api + u"EventElapsedTime"_s),
                 qPrintable(all));
        QVERIFY2(all.contains(u"references "_s + api + u"StreamCreate"_s), qPrintable(all));
        QVERIFY2(all.contains(u"references fopen"_s), qPrintable(all));
        QVERIFY2(!all.contains(u"axpyKernel"_s) && !all.contains(u"dim3"_s), qPrintable(all));
        QVERIFY(!o.result.latency && o.result.checks.empty()); // never linked, never run
        QVERIFY2(!text.contains(u"checking against the reference"_s), qPrintable(text));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        buildSupervisor(
            u"cuda-cxx"_s,
            {u"kwbhost.h"_s, u"ncu.h"_s, u"nvsmi.h"_s, u"gpusup.h"_s, u"gpuharness.cu"_s},
            &m_supervisor);
        buildSupervisor(u"hip"_s,
                        {u"kwbhost.h"_s, u"rocprof.h"_s, u"gpusup.h"_s, u"gpuharness.cu"_s},
                        &m_hipSupervisor);
        buildSupervisor(u"nki"_s,
                        {u"kwbhost.h"_s, u"neuronprof.h"_s, u"kwbhost.py"_s, u"harness.py"_s},
                        &m_nkiSupervisor);
    }

    void targetsAreData()
    {
        Diagnostic d;
        auto cuda = TargetRegistry::load(u"cuda-cxx"_s, &d);
        auto triton = TargetRegistry::load(u"triton"_s, &d);
        QVERIFY(cuda && triton);
        QCOMPARE(cuda->sourceExtension, u"cu"_s);
        QCOMPARE(triton->sourceExtension, u"py"_s);
        QCOMPARE(triton->lineComment, u"#"_s);
        QCOMPARE(triton->knobDefine, u"{name} = {value}"_s);
        for (const TargetProfile *t : {&*cuda, &*triton}) {
            QVERIFY(t->dtypes.contains(u"float16"_s) && t->dtypes.contains(u"bfloat16"_s));
            for (const char *m :
                 {"median_ms", "tflops", "registers", "spill_stores_bytes", "sm_throughput_pct",
                  "dram_throughput_pct", "tensor_pipe_pct", "achieved_occupancy_pct",
                  "l2_hit_rate_pct", "global_load_efficiency_pct", "stall_long_scoreboard"})
                QVERIFY2(t->metric(QString::fromLatin1(m)), m);
            QStringList classes;
            for (const BottleneckRule &r : t->bottleneck)
                classes << r.cls;
            for (const char *c :
                 {"spilling", "memory-bound", "compute-bound", "latency-bound", "underutilized"})
                QVERIFY2(classes.contains(QString::fromLatin1(c)), c);
        }
    }

    void halfTypesAndTheirDefaults()
    {
        auto l = load(u"cuda-tiny/workload.json"_s);
        QVERIFY(l);
        QCOMPARE(l->workload.precision, u"fp32"_s);
        // The example: fp16 in, so the fp16 peak; the workload sets its tolerances.
        LoadedWorkload ex = loadWorkloadAndTarget(QStringLiteral(KWB_SOURCE_DIR) +
                                                  u"/examples/matmul-cuda/workload.json"_s);
        QVERIFY(ex.ok());
        QCOMPARE(ex.workload->precision, u"fp16"_s);
        QCOMPARE(ex.workload->inputs[0].dtype, DType::Float16);
        const QString header = problemHeader(*ex.workload);
        QVERIFY(header.contains(u"typedef __half kwb_f16;"_s));
        QVERIFY(header.contains(
            u"void matmul(const kwb_f16 *A, const kwb_f16 *B, kwb_f16 *C, int64_t M"_s));
        const Json doc = Json::parse(problemDocument(*ex.workload).toStdString());
        QCOMPARE(doc["inputs"][0]["dtype"].get<std::string>(), std::string("float16"));
        QCOMPARE(doc["dims"][2]["name"].get<std::string>(), std::string("K"));
        QCOMPARE(doc["precision"].get<std::string>(), std::string("fp16"));
    }

    void cpuTargetRefusesHalfTypes()
    {
        QTemporaryDir dir;
        QFile::copy(data(u"tiny/reference.cpp"_s), dir.path() + u"/reference.cpp"_s);
        QFile::copy(data(u"tiny/good.cpp"_s), dir.path() + u"/naive.cpp"_s);
        QFile w(dir.path() + u"/workload.json"_s);
        QVERIFY(w.open(QIODevice::WriteOnly));
        w.write(
            R"({"name": "h", "target": "cpu-cxx", "kernel": "naive.cpp", "reference": "reference.cpp",
"dims": {"N": 4},
"inputs": {"a": {"shape": ["N"], "dtype": "float16"}},
"outputs": {"b": {"shape": ["N"], "dtype": "float32"}},
"hosts": ["local"], "goal": {"metric": "median_ms", "target": 1, "direction": "min"}}
)");
        w.close();
        LoadedWorkload l = loadWorkloadAndTarget(w.fileName());
        QVERIFY(!l.ok());
        QStringList messages;
        for (const Diagnostic &d : l.errors)
            messages << d.toString();
        QVERIFY2(messages.join(u'\n').contains(
                     u"workload.json:3:43: target 'cpu-cxx' does not support dtype 'float16' "
                     "(it supports: float32, float64, int32, int64)"_s),
                 qPrintable(messages.join(u'\n')));
    }

    void calibrationPerPrecision()
    {
        const Json j =
            Json::parse(R"({"schema": "kwb.calibration/1", "peak_gflops": 64875, "peak_gbs": 2763,
            "precision": "fp32", "peaks": {"fp32": 64875, "fp16": 759902, "bf16": 789697},
            "device": "NVIDIA H100 80GB HBM3"})");
        QString error;
        auto c = Calibration::fromJson(j, &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->peakFor(u"fp16"_s), 759902.0);
        QCOMPARE(c->peakFor(u"fp32"_s), 64875.0);
        QVERIFY(std::isnan(c->peakFor(u"fp8"_s))); // never a wrong roofline
        QCOMPARE(c->toJson()["peaks"]["bf16"].get<double>(), 789697.0);
        QCOMPARE(c->device, u"NVIDIA H100 80GB HBM3"_s);
    }

    // The supervisor's own clock disagreed with the harness: never kept.
    void flaggedResultIsNeverKept()
    {
        const QByteArray doc =
            R"({"schema": "kwb.result/1", "stage": "bench", "compiled": true, "correct": true,
            "checks": [{"seed": 1, "ok": true, "rel_l2": 0, "max_abs": 0, "mismatches": 0, "nonfinite": 0}],
            "latency": {"min_ms": 0.1, "median_ms": 0.1, "p90_ms": 0.1, "q1_ms": 0.1, "q3_ms": 0.1, "samples_ms": [0.1]},
            "flags": [{"id": "timing-tampered", "reason": "the samples explain 3 ms of 90"}]})";
        Diagnostic dd;
        auto cuda = TargetRegistry::load(u"cuda-cxx"_s, &dd);
        QVERIFY(cuda);
        QString error;
        auto r = parseResult(doc, *cuda, &error);
        QVERIFY2(r, qPrintable(error));
        Latency slow;
        slow.medianMs = slow.q1Ms = slow.q3Ms = 10;
        const Decision d = decide(*r, slow, DecisionRules{});
        QCOMPARE(d.kind, Decision::Kind::Failed);
        QCOMPARE(d.cause, u"flagged timing-tampered: the samples explain 3 ms of 90"_s);
    }

    // CSVs Nsight Compute 2025.3 wrote on an H100 (bench/gpu/run-on-gpu.sh).
    void ncuCsvRecordedOnAnH100()
    {
        const Json cuda = supervise(u"ncu-metrics"_s, data(u"ncu/matmul-cuda-h100.csv"_s));
        QVERIFY2(cuda.is_object(), "no JSON from the supervisor");
        QCOMPARE(cuda["kernel"].get<std::string>(),
                 std::string("<unnamed>::matmulTiled(const __half *, const __half *, __half *, "
                             "long, long, long)"));
        const Json &m = cuda["metrics"];
        QCOMPARE(m["sm_throughput_pct"].get<double>(), 40.41);
        QCOMPARE(m["memory_throughput_pct"].get<double>(), 61.55);
        QCOMPARE(m["dram_throughput_pct"].get<double>(), 9.82);
        QCOMPARE(m["tensor_pipe_pct"].get<double>(), 43.81);
        QCOMPARE(m["achieved_occupancy_pct"].get<double>(), 12.43);
        QCOMPARE(m["theoretical_occupancy_pct"].get<double>(), 12.5);
        QCOMPARE(m["l2_hit_rate_pct"].get<double>(), 90.41);
        QCOMPARE(m["registers_per_thread"].get<double>(), 236.0);
        QCOMPARE(m["shared_mem_bytes"].get<double>(), 56832.0);
        QCOMPARE(m["ncu_duration_us"].get<double>(), 662.496);
        QCOMPARE(m["waves_per_sm"].get<double>(), 3.88);
        QCOMPARE(cuda["main_stall"].get<std::string>(), std::string("wait"));
        // The Hopper template (TMA + wgmma).
        const Json hopper = supervise(u"ncu-metrics"_s, data(u"ncu/matmul-cuda-hopper-h100.csv"_s));
        QCOMPARE(hopper["kernel"].get<std::string>(),
                 std::string("<unnamed>::matmulHopper(CUtensorMap_st, CUtensorMap_st, __half *, "
                             "int, int, int)"));
        QCOMPARE(hopper["metrics"]["tensor_pipe_pct"].get<double>(), 86.25);
        QCOMPARE(hopper["metrics"]["sm_throughput_pct"].get<double>(), 80.69);
        QCOMPARE(hopper["metrics"]["dynamic_smem_bytes"].get<double>(), 197696.0);
        QCOMPARE(hopper["metrics"]["grid_size"].get<double>(), 132.0);
        // Its TMA-store epilogue on an H200 (TMA_STORE=1): a third tensor map,
        // and 32 KB more shared memory for the boxes of C.
        const Json stored =
            supervise(u"ncu-metrics"_s, data(u"ncu/matmul-cuda-hopper-tma-store-h200.csv"_s));
        QCOMPARE(
            stored["kernel"].get<std::string>(),
            std::string("<unnamed>::matmulHopper(CUtensorMap_st, CUtensorMap_st, CUtensorMap_st, "
                        "__half *, int, int, int)"));
        QCOMPARE(stored["metrics"]["sm_throughput_pct"].get<double>(), 90.08);
        QCOMPARE(stored["metrics"]["dynamic_smem_bytes"].get<double>(), 230464.0);
        QCOMPARE(stored["metrics"]["ncu_duration_us"].get<double>(), 223.648);
        QCOMPARE(stored["main_stall"].get<std::string>(), std::string("barrier"));
        // Operands copied by TMA or cp.async never pass through a global load
        // instruction: ncu says 0 bytes per sector, and there is no efficiency to rate.
        QVERIFY(!hopper["metrics"].contains("global_load_efficiency_pct"));
        QVERIFY(!m.contains("global_load_efficiency_pct"));
        {
            // The same recording as if the kernel loaded through ld.global: the figure stays.
            QFile in(data(u"ncu/matmul-cuda-h100.csv"_s));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QList<QByteArray> lines = in.readAll().split('\n');
            const QList<QByteArray> header = lines[2].split(',');
            const qsizetype column =
                header.indexOf("\"smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct\"");
            QVERIFY(column > 0);
            QList<QByteArray> fields = lines[4].split(',');
            fields[column + fields.size() - header.size()] =
                "\"87.5\""; // the kernel's name holds commas
            lines[4] = fields.join(',');
            QTemporaryDir dir;
            QFile out(dir.filePath(u"ncu.csv"_s));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(lines.join('\n'));
            out.close();
            const Json loads = supervise(u"ncu-metrics"_s, out.fileName());
            QCOMPARE(loads["metrics"]["global_load_efficiency_pct"].get<double>(), 87.5);
        }
        const Json triton = supervise(u"ncu-metrics"_s, data(u"ncu/matmul-triton-h100.csv"_s));
        QCOMPARE(triton["kernel"].get<std::string>(), std::string("matmul_kernel"));
        QCOMPARE(triton["metrics"]["tensor_pipe_pct"].get<double>(), 80.12);
        QCOMPARE(triton["main_stall"].get<std::string>(), std::string("barrier"));
        // Not a CSV at all: no metrics, a failing status.
        QProcess p;
        p.start(m_supervisor, {u"ncu-metrics"_s, data(u"cuda-tiny/axpy.cu"_s)});
        QVERIFY(p.waitForFinished(30'000));
        QCOMPARE(p.exitCode(), 1);
    }

    void ptxasFiguresRecorded()
    {
        const Json f = supervise(u"ptxas"_s, data(u"ptxas/spill-sm90a.log"_s));
        QCOMPARE(f["registers"].get<double>(), 32.0);
        QCOMPARE(f["spill_stores_bytes"].get<double>(), 732.0);
        QCOMPARE(f["spill_loads_bytes"].get<double>(), 764.0);
        QCOMPARE(f["stack_bytes"].get<double>(), 424.0);
    }

    // The GPU's clock, power and slow-down reasons while the benchmark ran,
    // read from nvidia-smi's samples: a real H200 capture under sustained
    // load (tests/data/nvidia-smi/PROVENANCE.md), where the power cap
    // held the SM clock down.
    void gpuConditionsRecorded()
    {
        const Json c = supervise(u"smi-conditions"_s, data(u"nvidia-smi/h200-sustain.csv"_s));
        QCOMPARE(c["samples"].get<int>(), 97);
        QCOMPARE(c["sm_clock_mhz"]["min"].get<double>(), 1140.0);
        QCOMPARE(c["sm_clock_mhz"]["max"].get<double>(), 1980.0);
        QCOMPARE(c["power_w"]["max"].get<double>(), 693.87);
        QCOMPARE(c["power_limit_w"].get<double>(), 700.0);
        QCOMPARE(c["slowed_by"], Json::array({"sw_power_cap"}));

        // An idle GPU's samples (reason 0x1) do not count while others do;
        // a value nvidia-smi cannot give ("[N/A]") is left out.
        QTemporaryDir dir;
        QFile f(dir.filePath(u"smi.csv"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("clocks.current.sm [MHz], clocks.max.sm [MHz], power.draw [W], power.limit [W], "
                "clocks_event_reasons.active\n"
                "345 MHz, 1980 MHz, 80.10 W, 700.00 W, 0x0000000000000001\n"
                "1755 MHz, 1980 MHz, [N/A], 700.00 W, 0x0000000000000000\n");
        f.close();
        const Json one = supervise(u"smi-conditions"_s, f.fileName());
        QCOMPARE(one["samples"].get<int>(), 1);
        QCOMPARE(one["sm_clock_mhz"]["min"].get<double>(), 1755.0);
        QCOMPARE(one["sm_clock_top_mhz"].get<double>(), 1980.0);
        QVERIFY(!one.contains("power_w"));
        QCOMPARE(one["slowed_by"], Json::array());
    }

    // kwb hosts check names what a GPU host lacks, with what to do.
    void hostsCheckNamesWhatIsMissing()
    {
        if (!QStandardPaths::findExecutable(u"nvidia-smi"_s).isEmpty())
            QSKIP("this machine has an NVIDIA driver: the missing-driver line cannot show here");
        QProcess kwb;
        kwb.start(QStringLiteral(KWB_BINARY),
                  {u"hosts"_s, u"check"_s, data(u"cuda-tiny/workload.json"_s)});
        QVERIFY(kwb.waitForFinished(120'000));
        const QString out =
            QString::fromUtf8(kwb.readAllStandardOutput() + kwb.readAllStandardError());
        QCOMPARE(kwb.exitCode(), 3);
        QVERIFY2(
            out.contains(
                u"✗ NVIDIA driver and a GPU (nvidia-smi) — this host has no usable NVIDIA GPU or driver"_s),
            qPrintable(out));
        QVERIFY2(out.contains(u"✓ host C++ compiler (g++)"_s), qPrintable(out));
        const bool nvcc = !QStandardPaths::findExecutable(u"nvcc"_s).isEmpty() ||
                          QFileInfo::exists(u"/usr/local/cuda/bin/nvcc"_s);
        QVERIFY2(out.contains(nvcc ? u"✓ nvcc (CUDA toolkit)"_s : u"✗ nvcc (CUDA toolkit)"_s),
                 qPrintable(out));
    }

    // nvcc is real here; the run stage needs a GPU, which this machine lacks.
    void cudaCompileStageWithoutAGpu()
    {
        if (const QString why = whyNoCompileWithoutAGpu(); !why.isEmpty())
            QSKIP(qPrintable(u"the cuda-cxx compile stage is untested: "_s + why));
        auto l = load(u"cuda-tiny/workload.json"_s);
        QVERIFY(l);
        const QString root = m_tmp.path() + u"/cuda"_s;

        failsToCompile(*l, data(u"cuda-tiny/broken.cu"_s), u"undeclared_name"_s, root);

        QStringList console;
        const EvalOutcome spill =
            evaluate(l->workload, l->target, read(data(u"cuda-tiny/spill.cu"_s)), root, &console);
        QVERIFY(spill.infra); // compiled, then no device to run on: the host's problem
        QVERIFY2(spill.infraMessage.contains(u"CUDA"_s), qPrintable(spill.infraMessage));
        const QString text = console.join(u'\n');
        QVERIFY2(text.contains(u"compiling for sm_90a"_s), qPrintable(text));
        QVERIFY2(text.contains(u"kwb: ptxas: _Z10axpyKernelPKfS0_Pfl: Used 32 registers"_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"no usable CUDA device"_s) || text.contains(u"no CUDA device"_s),
                 qPrintable(text));
        // ptxas's figures stay with the outcome (as hip's do, below).
        QCOMPARE(spill.result.metric(u"registers"_s).value_or(-1), 32.0);
        QVERIFY(!spill.result.correct.has_value() && !spill.result.latency);
    }

    // The host code of a .cu file is audited as cpu-cxx's kernels are.
    void cudaHostCodeIsAudited()
    {
        if (const QString why = whyNoCompileWithoutAGpu(); !why.isEmpty())
            QSKIP(qPrintable(u"the cuda-cxx symbol audit is untested: "_s + why));
        auditNamesHostCheats(u"cuda-tiny/workload.json"_s, u"cuda-tiny/host_cheats.cu"_s,
                             u"cuda"_s);
    }

    // The compiler's kernel-resource-usage remarks (recorded from clang 15 for
    // gfx906, where 256 accumulators spill) become the catalog's figures.
    void hipResourceFiguresRecorded()
    {
        const Json f =
            supervise(u"resources"_s, data(u"hip-tiny/spill-gfx906.log"_s), m_hipSupervisor);
        QCOMPARE(f["functions"].get<int>(), 1);
        QCOMPARE(f["vgprs"].get<double>(), 256.0);
        QCOMPARE(f["vgpr_spills"].get<double>(), 243.0);
        QCOMPARE(f["scratch_bytes"].get<double>(), 164.0);
        QCOMPARE(f["sgprs"].get<double>(), 30.0);
        QCOMPARE(f["lds_bytes"].get<double>(), 8256.0);
        QCOMPARE(f["occupancy_waves_per_simd"].get<double>(), 1.0);
    }

    // rocprofv3's counter CSVs of two passes (written from its documented
    // format: tests/data/rocprof/PROVENANCE.md): the profiled call's dispatch
    // (the later one), and the rates derived from its counters.
    void rocprofCountersRecorded()
    {
        const Json j = supervise(u"rocprof"_s, data(u"rocprof"_s), m_hipSupervisor);
        QCOMPARE(j["passes"].get<int>(), 2);
        QVERIFY(j["kernel"].get<std::string>().starts_with("matmulKernel("));
        const Json &m = j["metrics"];
        QCOMPARE(m["waves"].get<double>(), 16384.0);
        QCOMPARE(m["valu_insts"].get<double>(), 42598400.0); // dispatch 2's, not the warm call's
        QCOMPARE(m["mfma_insts"].get<double>(), 0.0);
        QCOMPARE(m["kernels_launched"].get<double>(), 1.0);
        QCOMPARE(m["hbm_read_bytes"].get<double>(), 8449.53125 * 1024);
        QCOMPARE(m["hbm_write_bytes"].get<double>(), 4096.0 * 1024);
        QVERIFY(std::abs(m["rocprof_duration_us"].get<double>() - 1411.012) < 1e-3);
        QVERIFY(std::abs(m["l2_hit_rate_pct"].get<double>() - 96.7869) < 1e-3);
        QVERIFY(std::abs(m["lds_bank_conflict_pct"].get<double>() - 100.0 / 9.5) < 1e-4);
        QVERIFY(std::abs(m["hbm_bandwidth_gbs"].get<double>() - 9.1045) < 1e-3);
        // The warm call launched two kernels: the dispatches after the
        // harness's marker are the profiled call's, whatever came before.
        const Json marked = supervise(u"rocprof"_s, data(u"rocprof-marker"_s), m_hipSupervisor);
        QVERIFY(marked["kernel"].get<std::string>().starts_with("matmulKernel("));
        QCOMPARE(marked["metrics"]["kernels_launched"].get<double>(), 1.0);
        QCOMPARE(marked["metrics"]["valu_insts"].get<double>(), 42598400.0);
        QCOMPARE(marked["metrics"]["hbm_write_bytes"].get<double>(), 4096.0 * 1024);
        // No CSV at all: no metrics, a failing status.
        QProcess p;
        p.start(m_hipSupervisor, {u"rocprof"_s, m_tmp.path() + u"/nothing-here"_s});
        QVERIFY(p.waitForFinished(30'000));
        QCOMPARE(p.exitCode(), 1);
    }

    // What a profiler gives a target must be in that target's catalog: the
    // result reader refuses a metric the catalog does not declare, so a
    // missing entry fails the first profiled run on that hardware. Each
    // recorded profile is read as the targets that run its profiler read it.
    void everyProfiledMetricIsInTheCatalogs()
    {
        const QStringList python = {u"triton"_s, u"tilelang"_s};
        const std::tuple<QString, Json, QStringList> profiles[] = {
            {u"ncu, a Triton kernel"_s,
             supervise(u"ncu-metrics"_s, data(u"ncu/matmul-triton-h100.csv"_s)), python},
            {u"ncu, a CUDA kernel"_s,
             supervise(u"ncu-metrics"_s, data(u"ncu/matmul-cuda-h100.csv"_s)),
             python + QStringList{u"cuda-cxx"_s}},
            {u"ncu, a Hopper kernel"_s,
             supervise(u"ncu-metrics"_s, data(u"ncu/matmul-cuda-hopper-h100.csv"_s)),
             python + QStringList{u"cuda-cxx"_s}},
            {u"rocprofv3"_s, supervise(u"rocprof"_s, data(u"rocprof"_s), m_hipSupervisor),
             python + QStringList{u"hip"_s}}};
        for (const auto &[profiler, profile, targets] : profiles) {
            const Json metrics = profile.value("metrics", Json::object());
            QVERIFY2(metrics.is_object() && !metrics.empty(), qPrintable(profiler));
            for (const QString &id : targets) {
                Diagnostic d;
                const auto t = TargetRegistry::load(id, &d);
                QVERIFY2(t, qPrintable(d.toString()));
                for (const auto &[name, value] : metrics.items())
                    QVERIFY2(t->metric(QString::fromStdString(name)),
                             qPrintable(id + u" does not declare '"_s +
                                        QString::fromStdString(name) + u"', which "_s + profiler +
                                        u" gives"_s));
            }
        }
    }

    // hipcc is real here (Debian's ROCm 5.2); the run stage needs an AMD GPU,
    // which this machine lacks: compile errors are the kernel's, the resource
    // figures are printed, and "no AMD GPU" is the host's problem.
    void hipCompileStageWithoutAGpu()
    {
        if (const QString why = whyNoHipCompileWithoutAGpu(); !why.isEmpty())
            QSKIP(qPrintable(u"the hip compile stage is untested: "_s + why));
        auto l = load(u"hip-tiny/workload.json"_s);
        QVERIFY(l);
        const QString root = m_tmp.path() + u"/hip"_s;

        failsToCompile(*l, data(u"hip-tiny/broken.hip"_s), u"undeclared_name"_s, root);

        QStringList console;
        const EvalOutcome spill =
            evaluate(l->workload, l->target, read(data(u"hip-tiny/spill.hip"_s)), root, &console);
        const QString text = console.join(u'\n');
        QVERIFY2(spill.infra, qPrintable(text)); // compiled, then no device to run on
        QVERIFY2(text.contains(u"no AMD GPU found"_s), qPrintable(text));
        QVERIFY2(text.contains(u"compiling for gfx90a"_s), qPrintable(text));
        QVERIFY2(text.contains(u"kwb: resources: _Z10axpyKernelPKfS0_Pfl:"_s) &&
                     text.contains(u"ScratchSize [bytes/lane] 1040"_s),
                 qPrintable(text));
        QVERIFY2(spill.infraMessage.contains(u"no usable HIP device"_s) ||
                     spill.infraMessage.contains(u"no HIP device"_s),
                 qPrintable(spill.infraMessage + u"\n"_s + text));
        // The figures are recorded, not only printed: the outcome keeps the
        // compile stage's document, with no verdict and no time in it.
        const EvalResult &learnt = spill.result;
        QVERIFY2(learnt.compiled && learnt.document.contains("host_problem"),
                 qPrintable(qs(learnt.document.dump())));
        QCOMPARE(learnt.metric(u"scratch_bytes"_s).value_or(-1), 1040.0);
        QVERIFY(learnt.metric(u"vgprs"_s).value_or(0) > 0);
        QVERIFY(!learnt.correct.has_value() && !learnt.latency && learnt.checks.empty());
        ExperimentRecord record;
        takeOutcome(record, spill);
        QCOMPARE(record.metric(u"scratch_bytes"_s).value_or(-1), 1040.0);
        QVERIFY(!timedAndCorrect(record));
        // kwb eval --session's record says why the host failed.
        QString error;
        auto session = SessionStore::create(root + u"/session"_s, l->workload, l->target, &error);
        QVERIFY2(session, qPrintable(error));
        Candidate candidate;
        candidate.source = read(data(u"hip-tiny/spill.hip"_s));
        candidate.label = u"spill.hip"_s;
        QVERIFY2(recordSingleEvaluation(*session, candidate, spill, u"local"_s,
                                        u"2026-11-30T00:00:00Z"_s, &error),
                 qPrintable(error));
        const ExperimentRecord &stored = session->experiments().back();
        QCOMPARE(stored.decision, Verdict::Infra);
        QVERIFY2(stored.cause.contains(u"no usable HIP device"_s) ||
                     stored.cause.contains(u"no HIP device"_s),
                 qPrintable(stored.cause));
        QCOMPARE(stored.metric(u"scratch_bytes"_s).value_or(-1), 1040.0);
    }

    // The host code of a .hip file is audited as cpu-cxx's kernels are.
    void hipHostCodeIsAudited()
    {
        if (const QString why = whyNoHipCompileWithoutAGpu(); !why.isEmpty())
            QSKIP(qPrintable(u"the hip symbol audit is untested: "_s + why));
        auditNamesHostCheats(u"hip-tiny/workload.json"_s, u"hip-tiny/host_cheats.hip"_s, u"hip"_s);
    }

    // The example's template compiles for gfx90a and gfx940 with a
    // configuration's #defines in front, as the knob search writes them, and
    // keeps its accumulators in registers (no scratch) where the constraints
    // say it must.
    void hipTemplateCompilesWithoutAGpu()
    {
        if (const QString why = whyNoHipCompileWithoutAGpu(); !why.isEmpty())
            QSKIP(qPrintable(u"the hip template's compile is untested: "_s + why));
        LoadedWorkload ex = loadWorkloadAndTarget(QStringLiteral(KWB_SOURCE_DIR) +
                                                  u"/examples/matmul-hip/workload.json"_s);
        QVERIFY(ex.ok());
        int n = 0;
        for (const auto &[arch, knobs] :
             {std::pair{u"gfx90a"_s, QStringList{u"BM=128"_s, u"BN=128"_s, u"TM=8"_s, u"TN=8"_s}},
              std::pair{u"gfx940"_s,
                        QStringList{u"BM=64"_s, u"BN=256"_s, u"BK=8"_s, u"TN=8"_s, u"PAD=0"_s}}}) {
            const KnobConfig config = *ex.workload->knobs.parseAssignments(knobs, nullptr);
            QVERIFY2(ex.workload->knobs.isValid(config), qPrintable(knobs.join(u' ')));
            QString error;
            const QString instance = instantiateTemplate(*ex.workload, *ex.target, config, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            qputenv("KWB_HIP_ARCH", arch.toUtf8());
            const auto restore = qScopeGuard([] { qunsetenv("KWB_HIP_ARCH"); });
            QStringList console;
            const EvalOutcome e =
                evaluate(*ex.workload, *ex.target, instance,
                         m_tmp.path() + u"/hiptemplate"_s + QString::number(++n), &console);
            const QString text = console.join(u'\n');
            QVERIFY2(e.infra, qPrintable(text)); // compiled; no device to run it on
            QVERIFY2(text.contains(u"compiling for "_s + arch), qPrintable(text));
            static const QRegularExpression figures(
                u"resources: \\S*matmulTiled\\S*:.* VGPRs (\\d+).* ScratchSize \\[bytes/lane\\] (\\d+)"_s);
            const QRegularExpressionMatch m = figures.match(text);
            QVERIFY2(m.hasMatch(), qPrintable(text));
            QVERIFY(m.captured(1).toInt() > 0 && m.captured(1).toInt() <= 256);
            QCOMPARE(m.captured(2).toInt(), 0);
        }
    }

    // kwb hosts check names what an AMD host lacks, with what to do.
    void hipHostsCheckNamesWhatIsMissing()
    {
        if (QFileInfo::exists(u"/dev/kfd"_s))
            QSKIP("this machine has an AMD GPU driver: the missing-GPU line cannot show here");
        QProcess kwb;
        kwb.start(QStringLiteral(KWB_BINARY),
                  {u"hosts"_s, u"check"_s, data(u"hip-tiny/workload.json"_s)});
        QVERIFY(kwb.waitForFinished(120'000));
        const QString out =
            QString::fromUtf8(kwb.readAllStandardOutput() + kwb.readAllStandardError());
        QCOMPARE(kwb.exitCode(), 3);
        QVERIFY2(out.contains(u"✗ an AMD GPU and the ROCm runtime (rocminfo)"_s), qPrintable(out));
        const bool hipcc = !QStandardPaths::findExecutable(u"hipcc"_s).isEmpty();
        QVERIFY2(out.contains(hipcc ? u"✓ hipcc (HIP compiler)"_s : u"✗ hipcc (HIP compiler)"_s),
                 qPrintable(out));
        // The example's baseline links rocBLAS: asked for, here or missing.
        QProcess ldconfig;
        ldconfig.start(QFileInfo::exists(u"/sbin/ldconfig"_s) ? u"/sbin/ldconfig"_s : u"ldconfig"_s,
                       {u"-p"_s});
        QVERIFY(ldconfig.waitForFinished(30'000));
        const bool rocblas =
            ldconfig.readAllStandardOutput().contains("librocblas.so") ||
            !QDir(u"/opt/rocm/lib"_s).entryList({u"librocblas.so*"_s}, QDir::Files).isEmpty();
        QVERIFY2(out.contains((rocblas ? u"✓"_s : u"✗"_s) +
                              u" rocBLAS (baselines that link -lrocblas)"_s),
                 qPrintable(out));
    }

    // The Neuron profiler's summary (written from its documented schema:
    // tests/data/nki/PROVENANCE.md) becomes the catalog's figures: its
    // "percent" fields are fractions, negative when unknown.
    void neuronProfileSummaryRecorded()
    {
        const Json j =
            supervise(u"neuron-summary"_s, data(u"nki/profile-summary.json"_s), m_nkiSupervisor);
        const Json &m = j["metrics"];
        QCOMPARE(m["neuron_total_us"].get<double>(), 273.0);
        QVERIFY(std::abs(m["mfu_pct"].get<double>() - 80.0195) < 1e-9);
        QCOMPARE(m["mfu_ceiling_pct"].get<double>(), 100.0);
        QVERIFY(std::abs(m["roofline_efficiency_pct"].get<double>() - 80.0195) < 1e-9);
        QVERIFY(std::abs(m["mbu_pct"].get<double>() - 16.9531) < 1e-9);
        QCOMPARE(m["hbm_read_bytes"].get<double>(), 25165824.0);
        QCOMPARE(m["psum_write_bytes"].get<double>(), 268435456.0);
        QCOMPARE(m["spill_save_bytes"].get<double>(), 0.0);
        QVERIFY(std::abs(m["tensor_engine_active_pct"].get<double>() - 87.1795) < 1e-9);
        QCOMPARE(m["transpose_flops_pct"].get<double>(), 0.0);

        // An estimate the profiler could not make (-1) is left out, and a
        // file that is not a summary gives nothing and a failing status.
        const QString unknown = m_tmp.path() + u"/unknown-mfu.json"_s;
        QFile f(unknown);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"n_1": {"total_time": 0.001, "mfu_estimated_percent": -1, "kernel": "x",
                    "nested": {"a": [1, 2]}, "hbm_read_bytes": 64}})");
        f.close();
        const Json u = supervise(u"neuron-summary"_s, unknown, m_nkiSupervisor);
        QCOMPARE(u["metrics"]["neuron_total_us"].get<double>(), 1000.0);
        QCOMPARE(u["metrics"]["hbm_read_bytes"].get<double>(), 64.0); // read past the nested member
        QVERIFY(!u["metrics"].contains("mfu_pct"));
        QProcess p;
        p.start(m_nkiSupervisor, {u"neuron-summary"_s, data(u"nki/compile-error.txt"_s)});
        QVERIFY(p.waitForFinished(30'000));
        QCOMPARE(p.exitCode(), 1);
    }

    // Summaries recorded on real Trainium1 hosts by others (provenance in
    // tests/data/nki/PROVENANCE.md): AccelOpt keeps 16 of the summary's
    // fields of an fp32 matmul, trnblas a flat, trimmed summary of an
    // element-wise kernel. Read as the nki target reads them, they give the
    // figures and the bottleneck an engineer would name.
    void neuronProfileSummariesFromRealRuns()
    {
        Diagnostic d;
        const auto nki = TargetRegistry::load(u"nki"_s, &d);
        QVERIFY2(nki, qPrintable(d.toString()));
        const LoadedWorkload example = loadWorkloadAndTarget(
            QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-nki/workload.json"_s);
        QVERIFY(example.ok());
        auto bottleneckOf = [&](const Json &metrics) -> QString {
            const Json doc = {{"schema", "kwb.result/1"},
                              {"stage", "check"},
                              {"compiled", true},
                              {"correct", true},
                              {"failure", nullptr},
                              {"checks", Json::array({{{"seed", 1},
                                                       {"output", "result"},
                                                       {"ok", true},
                                                       {"rel_l2", 0.0},
                                                       {"max_abs", 0.0},
                                                       {"mismatches", 0},
                                                       {"nonfinite", 0}}})},
                              {"latency", nullptr},
                              {"metrics", metrics}};
            QString error;
            auto r = parseResult(QByteArray::fromStdString(doc.dump()), *nki, &error);
            if (!r)
                return u"unreadable: "_s + error;
            enrichResult(*r, *example.workload, *nki, Calibration{});
            return r->bottleneck;
        };

        const Json matmul = supervise(u"neuron-summary"_s, data(u"nki/accelopt-trn1-matmul.json"_s),
                                      m_nkiSupervisor)["metrics"];
        QVERIFY2(matmul.is_object(), matmul.dump().c_str());
        // (the supervisor prints nine significant digits, whole numbers in full)
        QVERIFY(std::abs(matmul["hfu_pct"].get<double>() - 35.99390440716965) < 1e-6);
        QCOMPARE(matmul["hbm_read_bytes"].get<double>(), 9059762176.0);
        QCOMPARE(matmul["sbuf_write_bytes"].get<double>(), 9069199360.0);
        QVERIFY(std::abs(matmul["mm_arithmetic_intensity"].get<double>() - 111.30356018200732) <
                1e-5);
        // 128849018880 of 1159641169920 hardware FLOPs are transposes: 11.1 %.
        QVERIFY(std::abs(matmul["transpose_flops_pct"].get<double>() - 100.0 / 9.0) < 1e-6);
        // What the record lacks is not made up: no total_time, no MFU.
        QVERIFY(!matmul.contains("neuron_total_us") && !matmul.contains("mfu_pct"));
        QCOMPARE(bottleneckOf(matmul), u"transpose-heavy"_s);

        const Json elementwise =
            supervise(u"neuron-summary"_s, data(u"nki/trnblas-trn1-elementwise.json"_s),
                      m_nkiSupervisor)["metrics"];
        QVERIFY2(elementwise.is_object(), elementwise.dump().c_str());
        QVERIFY(std::abs(elementwise["neuron_total_us"].get<double>() - 213808.050051) < 1e-3);
        QVERIFY(std::abs(elementwise["vector_engine_active_pct"].get<double>() -
                         96.45396092701302) < 1e-6);
        QVERIFY(std::abs(elementwise["dma_active_pct"].get<double>() - 26.416618715491547) < 1e-6);
        QCOMPARE(elementwise["hbm_write_bytes"].get<double>(), 1835008.0);
        QCOMPARE(bottleneckOf(elementwise), u"engine-bound"_s);
    }

    // An NKI compile error reaches the engineer as one line naming the
    // kernel's file and line: NKI 0.3's tracer and neuronxcc's traceback
    // (both from documented output: tests/data/nki/PROVENANCE.md).
    void nkiCompileErrorsInOneLine()
    {
        if (const QString why = pythonLacks(u"torch"_s); !why.isEmpty())
            QSKIP(qPrintable(why));
        const QString root = QFileInfo(m_nkiSupervisor).path();
        auto summary = [&](const QString &file) {
            QProcess p;
            p.start(python(), {u"-c"_s,
                               u"import sys; sys.path.insert(0, sys.argv[1]); import harness; "
                               u"print(harness.error_summary(open(sys.argv[2]).read()))"_s,
                               root, data(file)});
            p.waitForFinished(120'000);
            // kwbhost keeps stdout for the protocol: print() lands on stderr.
            return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError())
                .trimmed()
                .section(u'\n', -1);
        };
        QCOMPARE(summary(u"nki/compile-error.txt"_s),
                 u"dma_transpose_kernel.py:17: source tensor must have 4 dimmensions"_s);
        const QString legacy = summary(u"nki/compile-error-legacy.txt"_s);
        QVERIFY2(legacy.startsWith(
                     u"matmul_kernel.py:76: ValueError: number of partitions 256 exceed"_s),
                 qPrintable(legacy));
    }

    // The nki target's calibration: AWS's published per-core figures
    // without hardware (never called a measurement), read through the
    // target's roles; on a host without NKI, exit 3 (kwb runs without % of
    // peak) in words that say what to install.
    void nkiCalibration()
    {
        if (const QString why = pythonLacks(u"json"_s); !why.isEmpty())
            QSKIP(qPrintable(why));
        const QString root = QFileInfo(m_nkiSupervisor).path();
        auto calibrate = [&](const QStringList &args, int *status, QString *err = nullptr) {
            QProcess p;
            p.setWorkingDirectory(root);
            p.start(python(), QStringList{root + u"/calibrate.py"_s} + args);
            if (!p.waitForFinished(120'000))
                return Json();
            *status = p.exitCode();
            if (err)
                *err = QString::fromUtf8(p.readAllStandardError());
            return Json::parse(p.readAllStandardOutput().toStdString(), nullptr, false);
        };
        Diagnostic d;
        const auto nki = TargetRegistry::load(u"nki"_s, &d);
        QVERIFY2(nki, qPrintable(d.toString()));
        int status = -1;
        const Json trn2 = calibrate({u"published"_s, u"trn2"_s}, &status);
        QCOMPARE(status, 0);
        QVERIFY2(trn2.is_object() && trn2.value("measured", true) == false, trn2.dump().c_str());
        QString error;
        const auto c = Calibration::fromTargetDocument(trn2, nki->calibration, &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->peakGflops, 128.0 * 128 * 2 * 2.4); // PE array × 2 FLOP × 2.4 GHz, in GFLOP/s
        QCOMPARE(c->peakFor(u"fp8"_s), 2 * 128.0 * 128 * 2 * 2.4);
        QCOMPARE(c->peakGbs, 2900.0 / 8); // the chip's HBM over its eight NeuronCores
        const Json trn1 = calibrate({u"published"_s, u"trn1"_s}, &status);
        QCOMPARE(status, 0);
        QCOMPARE(trn1.value("peak_gflops", 0.0), 128.0 * 128 * 2 * 2.8);
        QCOMPARE(trn1.value("peak_gbs", 0.0), 410.0);
        QString err;
        calibrate({u"published"_s, u"trn9"_s}, &status, &err);
        QCOMPARE(status, 2);
        QVERIFY2(err.contains(u"trn2"_s), qPrintable(err)); // names the known ones

        // The roofline of the example from the published trn2 figures.
        const LoadedWorkload example = loadWorkloadAndTarget(
            QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-nki/workload.json"_s);
        QVERIFY(example.ok());
        EvalResult r;
        r.stage = u"check"_s;
        r.compiled = true;
        r.document = Json::object();
        enrichResult(r, *example.workload, *nki, *c);
        QVERIFY(std::abs(r.metric(u"ridge"_s).value_or(0) - 78643.2 / 362.5) < 1e-9);

        if (pythonLacks(u"nki"_s).isEmpty())
            QSKIP("this Python has the nki package: the missing-package path cannot show here");
        const Json none = calibrate({}, &status, &err);
        QCOMPARE(status, 3);
        QVERIFY(none.is_discarded() || none.is_null());
        QVERIFY2(err.contains(u"Neuron's own package index"_s), qPrintable(err));
    }

    // The example's baseline is the Neuron compiler's own code (nkipy and
    // neuronx-cc, as nki-autotune's): it runs itself on a NeuronCore, so
    // the simulator refuses it as the host's problem, never the kernel's.
    void nkiCompilerBaselineNeverSimulated()
    {
        if (const QString why = pythonLacks(u"torch"_s); !why.isEmpty())
            QSKIP(qPrintable(why));
        const QString root = QFileInfo(m_nkiSupervisor).path();
        const QString example = QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-nki/"_s;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"KWB_DEVICE"_s, u"simulate"_s);
        p.setProcessEnvironment(env);
        p.start(python(),
                {u"-c"_s,
                 u"import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
                 u"import harness, baseline_neuronxcc as b; harness.NkiAdapter().entry(b.matmul)"_s,
                 root, example});
        QVERIFY(p.waitForFinished(120'000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QCOMPARE(p.exitCode(), 5); // kwbhost's "the host cannot evaluate"
        QVERIFY2(out.contains(u"kwb:infra the entry 'matmul' is no NKI kernel"_s) &&
                     out.contains(u"simulator cannot run"_s),
                 qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
        LoadedWorkload ex = loadWorkloadAndTarget(example + u"workload.json"_s);
        QVERIFY(ex.ok());
        QVERIFY(std::any_of(
            ex.workload->baselines.begin(), ex.workload->baselines.end(),
            [](const auto &b) { return b.kernelPath.endsWith(u"baseline_neuronxcc.py"_s); }));
    }

    // Without the Neuron packages or a Neuron device, an nki evaluation is
    // the host's problem, in words that say what to do, never the kernel's.
    void nkiWithoutNeuronIsTheHosts()
    {
        if (const QString why = pythonLacks(u"torch"_s); !why.isEmpty())
            QSKIP(qPrintable(why));
        if (pythonLacks(u"nki"_s).isEmpty())
            QSKIP("this Python has the nki package: the missing-package path cannot show here");
        const QString example = QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-nki/"_s;
        auto sim = load(u"nki-tiny/workload.json"_s);
        QVERIFY(sim);
        QStringList console;
        const EvalOutcome simulated =
            evaluate(sim->workload, sim->target, read(example + u"naive.py"_s),
                     m_tmp.path() + u"/nki-sim"_s, &console);
        const QString text = console.join(u'\n');
        QVERIFY2(simulated.infra, qPrintable(text));
        QVERIFY2(simulated.infraMessage.contains(u"the nki package cannot be imported"_s) &&
                     simulated.infraMessage.contains(u"placeholders"_s),
                 qPrintable(simulated.infraMessage));
        QVERIFY2(text.contains(u"never Trainium time"_s), qPrintable(text));
        if (QFileInfo::exists(u"/dev/neuron0"_s))
            QSKIP("this machine has a Neuron device: the missing-device path cannot show here");
        LoadedWorkload ex = loadWorkloadAndTarget(example + u"workload.json"_s);
        QVERIFY(ex.ok());
        const EvalOutcome device = evaluate(*ex.workload, *ex.target, read(example + u"naive.py"_s),
                                            m_tmp.path() + u"/nki-device"_s);
        QVERIFY(device.infra);
        QVERIFY2(device.infraMessage.contains(u"no Neuron device on this host"_s),
                 qPrintable(device.infraMessage));
    }

    // nki-autotune's knob space: tiles per block as divisors of the tile
    // counts, the block loops' order as a permutation, buffer scopes per
    // operand and dimension; the constraints keep the buffers in SBUF and
    // PSUM and name the knob to nudge.
    void nkiKnobSpace()
    {
        LoadedWorkload ex = loadWorkloadAndTarget(QStringLiteral(KWB_SOURCE_DIR) +
                                                  u"/examples/matmul-nki/workload.json"_s);
        QVERIFY(ex.ok());
        const KnobSpace &space = ex.workload->knobs;
        const Knob &order = space.knobs()[size_t(space.indexOfKnob(u"LOOP_ORDER"_s))];
        QCOMPARE(order.kind, Knob::Kind::Permutation);
        QCOMPARE(int(order.values.size()), 6);
        const Knob &tbn = space.knobs()[size_t(space.indexOfKnob(u"TILES_IN_BLOCK_N"_s))];
        QCOMPARE(tbn.kind, Knob::Kind::Divisors);
        QStringList values;
        for (const KnobValue &v : tbn.values)
            values << v.text;
        QCOMPARE(values, (QStringList{u"1"_s, u"2"_s, u"4"_s})); // N / 512 = 4 tiles
        // 270 block shapes and orders at the default scopes; with the four
        // buffer scopes (6 of 9 pairs per operand, within SBUF) 9402.
        QCOMPARE(space.countValid().count, 9402.0);
        QVERIFY(space.isValid(space.defaultConfig()));
        // nki-autotune's buffer scopes, per buffer and dimension: 1 one tile,
        // 2 one block, 3 all of it. Both operands whole: 140 KiB of the 192.
        QStringList scopeErrors;
        const auto whole = space.parseAssignments(
            {u"LHST_SCOPE_K=3"_s, u"LHST_SCOPE_M=3"_s, u"RHS_SCOPE_K=3"_s, u"RHS_SCOPE_N=3"_s},
            &scopeErrors);
        QVERIFY2(whole, qPrintable(scopeErrors.join(u"; "_s)));
        QVERIFY2(space.check(*whole).ok(), qPrintable(space.check(*whole).toString()));
        // One M tile of lhsT with all of K: it holds K tiles it never uses.
        const auto wasteful =
            space.parseAssignments({u"LHST_SCOPE_M=1"_s, u"LHST_SCOPE_K=3"_s}, &scopeErrors);
        QVERIFY2(wasteful, qPrintable(scopeErrors.join(u"; "_s)));
        const ValidityReport waste = space.check(*wasteful);
        QVERIFY(!waste.ok());
        QVERIFY2(waste.toString().contains(u"LHST_SCOPE_"_s), qPrintable(waste.toString()));
        // A block of 16 × 4 tiles would need 64 PSUM banks of the 8.
        QStringList errors;
        const auto big =
            space.parseAssignments({u"TILES_IN_BLOCK_M=16"_s, u"TILES_IN_BLOCK_N=4"_s}, &errors);
        QVERIFY2(big, qPrintable(errors.join(u"; "_s)));
        const ValidityReport report = space.check(*big);
        QVERIFY(!report.ok());
        QVERIFY2(report.toString().contains(u"TILES_IN_BLOCK_M="_s) ||
                     report.toString().contains(u"TILES_IN_BLOCK_N="_s),
                 qPrintable(report.toString()));
        // The template gets the order as a string constant, Python's way.
        QString error;
        const QString instance =
            instantiateTemplate(*ex.workload, *ex.target, space.defaultConfig(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(instance.contains(u"TILES_IN_BLOCK_M = 4\n"_s) &&
                     instance.contains(u"LOOP_ORDER = \"nkm\"\n"_s) &&
                     instance.contains(u"RHS_SCOPE_N = 2\n"_s),
                 qPrintable(instance.left(300)));
    }

    // A docstring is not code: the example kernels (whose docstrings show
    // the product as "lhsT.T @ rhs") pass the guards, and the same line as
    // code after a docstring is still caught.
    void pythonDocstringsAreNotCode()
    {
        const QString dir = QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-nki/"_s;
        LoadedWorkload ex = loadWorkloadAndTarget(dir + u"workload.json"_s);
        QVERIFY(ex.ok());
        for (const QString &file : {u"naive.py"_s, u"tiled.py"_s}) {
            const QList<GuardFinding> found =
                checkGuards(read(dir + file), *ex.target, *ex.workload);
            QVERIFY2(found.isEmpty(), qPrintable(file + u": "_s + found.value(0).toString()));
        }
        const QString smuggled = u"\"\"\"A kernel.\n\nresult = lhsT.T @ rhs\n\"\"\"\n"
                                 u"def matmul(lhsT, rhs):\n    return lhsT.T @ rhs\n"_s;
        const QList<GuardFinding> found = checkGuards(smuggled, *ex.target, *ex.workload);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.front().line, 6);
    }

    // On a host without a GPU, tilelang's calibration measures this CPU on
    // one thread (PyTorch's SGEMM and a triad), so its runs on the CPU get a
    // roofline; triton's still refuses: its interpreter's times are not
    // compiled code's.
    void tilelangCalibratesTheCpuWithoutAGpu()
    {
        if (const QString why = pythonLacks(u"torch"_s); !why.isEmpty())
            QSKIP(qPrintable(why));
        if (!QStandardPaths::findExecutable(u"nvidia-smi"_s).isEmpty())
            QSKIP("this machine has an NVIDIA driver: the no-GPU calibration cannot show here");
        auto calibrate = [&](const QString &target, QByteArray *out) {
            QProcess kwb;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(u"XDG_CACHE_HOME"_s, m_tmp.path() + u"/calibration-cache"_s);
            kwb.setProcessEnvironment(env);
            kwb.start(QStringLiteral(KWB_BINARY),
                      {u"calibrate"_s, u"--target"_s, target, u"--json"_s});
            kwb.waitForFinished(300'000);
            *out = kwb.readAllStandardOutput();
            return kwb.exitCode();
        };
        QByteArray out;
        QCOMPARE(calibrate(u"tilelang"_s, &out), 0);
        const Json c = Json::parse(out.toStdString(), nullptr, false);
        QVERIFY2(c.is_object() && c["peak_gflops"].get<double>() > 0 &&
                     c["peak_gbs"].get<double>() > 0,
                 out.constData());
        QCOMPARE(c["threads"].get<int>(), 1);
        QVERIFY2(c.value("device", std::string()) == "cpu", out.constData());
        QVERIFY(calibrate(u"triton"_s, &out) != 0);
    }

    // kwb hosts check names what a host lacks for NKI, with what to do.
    void nkiHostsCheckNamesWhatIsMissing()
    {
        if (QFileInfo::exists(u"/dev/neuron0"_s))
            QSKIP("this machine has a Neuron device: the missing-device line cannot show here");
        int status = -1;
        const QString out = hostsCheck(u"matmul-nki"_s, &status);
        QCOMPARE(status, 3);
        QVERIFY2(out.contains(u"✗ a Neuron device (/dev/neuron0)"_s), qPrintable(out));
        // The Neuron packages never come from PyPI, whose names are placeholders.
        QProcess nki;
        nki.start(u"bash"_s, {u"-c"_s, u"${KWB_PYTHON:-python3} -c 'import nki' || "
                                       u"${KWB_PYTHON:-python3} -c 'import neuronxcc.nki'"_s});
        if (nki.waitForFinished(60'000) && nki.exitCode() != 0)
            QVERIFY2(out.contains(u"✗ the nki package (Neuron) — install it from Neuron's own "
                                  u"package index"_s),
                     qPrintable(out));
        QVERIFY2(out.contains(u"✗ the Neuron profiler"_s), qPrintable(out));
    }

    // The Hopper example's template (TMA, wgmma) compiles here for sm_90a with
    // a configuration's #defines in front, as the knob search writes them.
    void hopperTemplateCompilesWithoutAGpu()
    {
        if (const QString why = whyNoCompileWithoutAGpu(); !why.isEmpty())
            QSKIP(qPrintable(u"the Hopper template's compile is untested: "_s + why));
        const QString dir = QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-cuda/"_s;
        LoadedWorkload ex = loadWorkloadAndTarget(dir + u"hopper.json"_s);
        QVERIFY(ex.ok());
        // One configuration per block kind: alone, in a cluster of two
        // (multicast), with ping-pong consumers, and with the epilogue's
        // 4-byte stores (PINGPONG and TMA_STORE are not in hopper.json's
        // space: the template's own knobs).
        const QString configs[] = {u"#define BN 128\n#define WG_M 2\n"_s,
                                   u"#define BN 256\n#define CLUSTER 2\n"_s,
                                   u"#define BN 128\n#define WG_M 2\n#define PINGPONG 1\n"_s,
                                   u"#define BN 256\n#define TMA_STORE 0\n"_s};
        int n = 0;
        for (const QString &config : configs) {
            QStringList console;
            const EvalOutcome e =
                evaluate(*ex.workload, *ex.target, config + read(dir + u"hopper.cu"_s),
                         m_tmp.path() + u"/hopper"_s + QString::number(++n), &console);
            const QString text = console.join(u'\n');
            QVERIFY2(e.infra, qPrintable(text)); // compiled; no device to run it on
            QVERIFY2(text.contains(u"compiling for sm_90a"_s), qPrintable(text));
            static const QRegularExpression ptxas(
                u"ptxas: \\S*matmulHopper\\S*: Used (\\d+) registers"_s);
            const QRegularExpressionMatch m = ptxas.match(text);
            QVERIFY2(m.hasMatch(), qPrintable(text));
            QVERIFY(m.captured(1).toInt() <=
                    168); // 384 threads: no more registers than that leaves
        }
    }

    // The opencl target's launch: sizes from the dims and the knobs the
    // source defines, rounded up to whole work-groups; errors are the
    // candidate's, and a workload without a launch is refused.
    void openclLaunchGeometry()
    {
        auto l = load(u"opencl-tiny/workload.json"_s);
        QVERIFY(l);
        QCOMPARE(l->workload.launch.global, QStringList{u"N / PER_ITEM"_s});
        const QString start = launchConfig(l->workload, read(data(u"opencl-tiny/start.cl"_s)));
        QVERIFY2(start.contains(u"global=1024\nlocal=64\n"_s), qPrintable(start));
        const QString four = launchConfig(l->workload, u"#define PER_ITEM 4\n#define GROUP 8\n"_s);
        QVERIFY2(four.contains(u"global=256\nlocal=8\n"_s), qPrintable(four)); // 250 → 256
        const QString bad = launchConfig(l->workload, u"#define PER_ITEM banana\n"_s);
        QVERIFY2(bad.startsWith(u"launch_error=the source defines knob PER_ITEM as 'banana'"_s),
                 qPrintable(bad));

        QTemporaryDir dir;
        auto write = [&](const QByteArray &json) {
            QFile f(dir.filePath(u"w.json"_s));
            f.open(QIODevice::WriteOnly);
            f.write(json);
            f.close();
            for (const char *file : {"start.cl", "reference.c"})
                QFile::copy(data(u"opencl-tiny/"_s + QLatin1String(file)),
                            dir.filePath(QLatin1String(file)));
            return loadWorkloadAndTarget(dir.filePath(u"w.json"_s));
        };
        const QByteArray base =
            R"({"name": "t", "target": "opencl", "kernel": "start.cl", "reference": "reference.c",
 "dims": {"N": 16}, "inputs": {"x": {"shape": ["N"], "dtype": "float32"}},
 "outputs": {"y": {"shape": ["N"], "dtype": "float32"}}, "hosts": ["local"],
 "goal": {"metric": "median_ms", "target": 1, "direction": "min"})";
        const LoadedWorkload none = write(base + "}");
        QVERIFY(!none.ok());
        QVERIFY2(none.errors.first().message.contains(u"target 'opencl' needs 'launch'"_s),
                 qPrintable(none.errors.first().toString()));
        const LoadedWorkload typo =
            write(base + ",\n \"launch\": {\"global\": [\"N / PER_ITM\"]}}");
        QVERIFY(!typo.ok());
        QCOMPARE(typo.errors.first().pos.line, 5);
        QVERIFY2(typo.errors.first().message.contains(u"PER_ITM"_s),
                 qPrintable(typo.errors.first().toString()));
        const LoadedWorkload ok =
            write(base + ",\n \"launch\": {\"global\": [\"N\", 4], \"local\": [16, 1]}}");
        QVERIFY2(ok.ok(), ok.errors.isEmpty() ? "" : qPrintable(ok.errors.first().toString()));
        QCOMPARE(ok.workload->launch.global, (QStringList{u"N"_s, u"4"_s}));
    }

    // The opencl target end to end on this machine's OpenCL device (PoCL on
    // the CPU here): a correct kernel measured with profiling events, and
    // each way a kernel fails recorded as the kernel's failure.
    void openclOnThisDevice()
    {
        if (const QString why = openclMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        auto l = load(u"opencl-tiny/workload.json"_s);
        QVERIFY(l);
        const QString root = m_tmp.path() + u"/opencl"_s;
        QStringList console;
        const EvalOutcome good =
            evaluate(l->workload, l->target, read(data(u"opencl-tiny/start.cl"_s)), root, &console);
        QVERIFY2(!good.infra, qPrintable(good.infraMessage + console.join(u'\n')));
        QVERIFY2(!good.result.failed(), qPrintable(good.result.failureMessage));
        QCOMPARE(good.result.checks.size(),
                 size_t(2)); // seed 1, and one drawn for this evaluation in place of seed 2
        QCOMPARE(good.result.checks[0].seed, 1);
        QVERIFY(good.result.checks[1].seed > 2);
        QVERIFY(good.result.latency);
        QCOMPARE(qs(stringAt(good.result.document, {"latency", "clock"})), u"opencl-events"_s);
        QCOMPARE(good.result.metric(u"work_group_size"_s).value_or(-1), 64.0);
        QVERIFY(good.result.metric(u"wg_max_size"_s).value_or(0) >= 64);
        QVERIFY2(console.join(u'\n').contains(u"global 1024, local 64"_s),
                 qPrintable(console.join(u'\n')));
        QVERIFY(findAt(good.result.document, {"outside_clock", "available"}));
        // Two calls verified after the benchmark, drawn then: two samples,
        // each against the reference's answer on the inputs it announced.
        const Json *verified = findAt(good.result.document, {"verified"});
        QVERIFY(verified && verified->is_array() && verified->size() == 2);
        QVERIFY((*verified)[0].value("sample", -1) != (*verified)[1].value("sample", -1));
        QVERIFY((*verified)[0].value("ok", false) && (*verified)[1].value("ok", false));

        // A template instance: four elements per work-item, 250 → 256 work-items.
        QString error;
        const KnobConfig four = *l->workload.knobs.parseAssignments({u"PER_ITEM=4"_s}, nullptr);
        const EvalOutcome tiled =
            evaluate(l->workload, l->target,
                     instantiateTemplate(l->workload, l->target, four, &error), root, &console);
        QVERIFY2(!tiled.result.failed(), qPrintable(tiled.result.failureMessage + error));
        QVERIFY2(console.join(u'\n').contains(u"global 256, local 64"_s),
                 qPrintable(console.join(u'\n')));

        struct Case
        {
            QString file, failureClass, message;
        };
        for (const Case &c :
             {Case{u"broken.cl"_s, u"compile"_s, u"CL_BUILD_PROGRAM_FAILURE"_s},
              Case{u"signature.cl"_s, u"compile"_s, u"takes 3 arguments; the workload passes 4"_s},
              Case{u"wrong.cl"_s, u"incorrect"_s, u"differs from the reference"_s},
              Case{u"crash.cl"_s, u"crash"_s, u"SIGSEGV"_s},
              // Its answer kept in its inputs, replayed on the next call.
              Case{u"stash.cl"_s, u"crash"_s, u"the kernel changed its input x (seed 1)"_s},
              // Honest on the workload's seeds only: one of the check's is drawn per evaluation.
              Case{u"knows_check.cl"_s, u"incorrect"_s, u"differs from the reference"_s},
              // Honest for its first calls, bfloat16's precision after: it needs
              // a count that outlives a launch, which PoCL refuses to build.
              Case{u"lower_precision.cl"_s, u"compile"_s, u"CL_BUILD_PROGRAM_FAILURE"_s}}) {
            const EvalOutcome o =
                evaluate(l->workload, l->target, read(data(u"opencl-tiny/"_s + c.file)), root);
            QVERIFY2(!o.infra, qPrintable(c.file + u": "_s + o.infraMessage));
            QCOMPARE(o.result.failureClass, c.failureClass);
            QVERIFY2(o.result.failureMessage.contains(c.message),
                     qPrintable(c.file + u": "_s + o.result.failureMessage));
        }
        const EvalOutcome broken =
            evaluate(l->workload, l->target, read(data(u"opencl-tiny/broken.cl"_s)), root);
        QVERIFY2(broken.result.log(u"compile"_s).contains(u"undeclared_name"_s),
                 qPrintable(broken.result.log(u"compile"_s)));
        const EvalOutcome counting =
            evaluate(l->workload, l->target, read(data(u"opencl-tiny/lower_precision.cl"_s)), root);
        QVERIFY2(counting.result.log(u"compile"_s).contains(u"program scope variable"_s),
                 qPrintable(counting.result.log(u"compile"_s)));
        // A work-group past the device's limit: the configuration's failure.
        const KnobConfig huge = *l->workload.knobs.parseAssignments({u"GROUP=100000"_s}, nullptr);
        const EvalOutcome tooBig =
            evaluate(l->workload, l->target,
                     instantiateTemplate(l->workload, l->target, huge, &error), root);
        QCOMPARE(tooBig.result.failureClass, u"compile"_s);
        QVERIFY2(tooBig.result.failureMessage.contains(u"exceeds"_s),
                 qPrintable(tooBig.result.failureMessage));

        // The device's calibration: FMA chains and a triad, through the target's command.
        QProcess cal;
        cal.setWorkingDirectory(root);
        cal.start(u"bash"_s, {u"run.sh"_s, u"calibrate"_s});
        QVERIFY(cal.waitForFinished(300'000));
        QCOMPARE(cal.exitCode(), 0);
        QString calError;
        const auto calibration = Calibration::fromJson(
            Json::parse(cal.readAllStandardOutput().toStdString(), nullptr, false), &calError);
        QVERIFY2(calibration, qPrintable(calError));
        QVERIFY(calibration->peakGflops > 0.1);
        QVERIFY(calibration->peakGbs > 0.1);
    }

    void tritonInInterpreter()
    {
        if (const QString why = tritonMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        qputenv("TRITON_INTERPRET", "1");
        const auto interpreterOff =
            qScopeGuard([] { qunsetenv("TRITON_INTERPRET"); }); // also on a failure
        auto l = load(u"triton-tiny/workload.json"_s);
        QVERIFY(l);
        const QString root = m_tmp.path() + u"/triton"_s;
        const QString dir = data(u"triton-tiny/"_s);

        const EvalOutcome good = evaluate(
            l->workload, l->target, read(data(u"../../examples/matmul-triton/naive.py"_s)), root);
        QVERIFY2(!good.infra, qPrintable(good.infraMessage));
        QVERIFY2(!good.result.failed(), qPrintable(good.result.failureMessage));
        QVERIFY(good.result.correct.value_or(false));
        // The workload's 3 seeds, the last drawn for this evaluation.
        QCOMPARE(good.result.checks.size(), size_t(3));
        QCOMPARE(good.result.checks[1].seed, 2);
        QVERIFY(good.result.checks[2].seed > 3 && good.result.checks[2].seed < (qint64(1) << 53));
        QVERIFY(good.result.latency);
        QCOMPARE(good.result.document.at("latency").at("clock").get<std::string>(),
                 std::string("interpreter"));
        QCOMPARE(good.result.countersReason,
                 u"Triton's interpreter runs on the CPU: no GPU counters"_s);

        // Knobs become module constants the launcher passes as tl.constexpr.
        knobInstanceAndAWrongKernel(*l, {u"BLOCK_M=16"_s, u"BLOCK_N=64"_s, u"BLOCK_K=16"_s},
                                    u"# kwb knobs: BLOCK_M=16 BLOCK_N=64 BLOCK_K=16"_s,
                                    u"\nBLOCK_M = 16\nBLOCK_N = 64\nBLOCK_K = 16\n"_s,
                                    dir + u"wrong.py"_s, root);
        if (QTest::currentTestFailed())
            return;

        const EvalOutcome raises =
            evaluate(l->workload, l->target, read(dir + u"raises.py"_s), root);
        QCOMPARE(raises.result.failureClass, u"crash"_s);
        QVERIFY2(raises.result.failureMessage.contains(u"out of resources"_s),
                 qPrintable(raises.result.failureMessage));

        const EvalOutcome syntax =
            evaluate(l->workload, l->target, read(dir + u"syntax.py"_s), root);
        QCOMPARE(syntax.result.failureClass, u"compile"_s);
        QVERIFY2(syntax.result.failureMessage.contains(u"does not parse"_s),
                 qPrintable(syntax.result.failureMessage));

        // Right when checked, stale when timed: caught by the timed calls' verification.
        const EvalOutcome memo = evaluate(l->workload, l->target, read(dir + u"memo.py"_s), root);
        QCOMPARE(memo.result.failureClass, u"incorrect"_s);
        QCOMPARE(memo.result.failureStage, u"bench"_s);
        QVERIFY2(
            memo.result.failureMessage.startsWith(u"correct when checked but not when timed"_s),
            qPrintable(memo.result.failureMessage));

        const EvalOutcome exit5 = evaluate(l->workload, l->target, read(dir + u"exit5.py"_s), root);
        QVERIFY2(!exit5.infra,
                 qPrintable(exit5.infraMessage)); // exit status 5 alone is not the host's word
        QCOMPARE(exit5.result.failureClass, u"crash"_s);

        Workload brokenRef = l->workload;
        brokenRef.referencePath = dir + u"broken_reference.py"_s;
        const EvalOutcome ref =
            evaluate(brokenRef, l->target, read(data(u"../../examples/matmul-triton/naive.py"_s)),
                     root + u"-ref"_s);
        QCOMPARE(ref.result.failureClass, u"reference"_s);
        QVERIFY2(ref.result.failureMessage.contains(u"reference bug"_s),
                 qPrintable(ref.result.failureMessage));
        qunsetenv("TRITON_INTERPRET");
    }

    // The tilelang target on TileLang's C backend: real compiled kernels on
    // this host's CPU, through the same host core and supervisor as triton.
    void tilelangOnTheCpu()
    {
        if (const QString why = tilelangMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        auto l = load(u"tilelang-tiny/workload.json"_s);
        QVERIFY(l);
        QCOMPARE(l->workload.device, u"cpu"_s);
        const QString root = m_tmp.path() + u"/tilelang"_s;
        const QString dir = data(u"tilelang-tiny/"_s);

        const EvalOutcome good = evaluate(
            l->workload, l->target, read(data(u"../../examples/gemm-tilelang/tiled.py"_s)), root);
        QVERIFY2(!good.infra, qPrintable(good.infraMessage));
        QVERIFY2(!good.result.failed(), qPrintable(good.result.failureMessage));
        QCOMPARE(good.result.checks.size(), size_t(2));
        QVERIFY(good.result.latency);
        QVERIFY2(good.result.document.at("latency").value("clock", std::string()) == "cpu",
                 good.result.document.at("latency").dump().c_str());
        QCOMPARE(good.result.countersReason, u"the kernels run on the CPU: no GPU counters"_s);
        QVERIFY2(good.console.contains(u"times are CPU times, not GPU times"_s),
                 qPrintable(good.console));
        QVERIFY(good.result.document.at("sandbox").at("enabled").get<bool>());

        // Knobs become the module constants the kernel factory reads.
        knobInstanceAndAWrongKernel(*l, {u"BLOCK_M=16"_s, u"BLOCK_N=64"_s, u"BLOCK_K=8"_s},
                                    u"# kwb knobs: BLOCK_M=16 BLOCK_N=64 BLOCK_K=8"_s,
                                    u"\nBLOCK_M = 16\nBLOCK_N = 64\nBLOCK_K = 8\n"_s,
                                    dir + u"wrong.py"_s, root);
        if (QTest::currentTestFailed())
            return;

        // TileLang refuses a GPU launch built for the CPU: the kernel's failure, in words.
        const EvalOutcome gpuOnly =
            evaluate(l->workload, l->target, read(dir + u"threads_on_cpu.py"_s), root);
        QVERIFY2(!gpuOnly.infra, qPrintable(gpuOnly.infraMessage));
        QCOMPARE(gpuOnly.result.failureClass, u"crash"_s);
        QVERIFY2(gpuOnly.result.failureMessage.contains(u"can not be inferred"_s),
                 qPrintable(gpuOnly.result.failureMessage));
    }

    // After the README's commands the build's venv has PyTorch and TileLang:
    // kwb run from the build, with no KWB_PYTHON, evaluates the bundled
    // TileLang example with that Python and says which one it used.
    void kwbEvaluatesThePythonExampleWithTheBuildsPython()
    {
        if (const QString why = tilelangMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        const QString venvPython = QDir::cleanPath(
            QFileInfo(QStringLiteral(KWB_BINARY)).absolutePath() + u"/../../venv/bin/python"_s);
        if (!QFileInfo::exists(venvPython))
            QSKIP("this build has no venv of its own (scripts/pydeps.sh made none)");
        QProcess kwb;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(u"KWB_PYTHON"_s);
        kwb.setProcessEnvironment(env);
        kwb.start(QStringLiteral(KWB_BINARY),
                  {u"eval"_s,
                   QStringLiteral(KWB_SOURCE_DIR) + u"/examples/gemm-tilelang/workload.json"_s});
        QVERIFY(kwb.waitForFinished(600'000));
        const QString out =
            QString::fromUtf8(kwb.readAllStandardOutput() + kwb.readAllStandardError());
        QVERIFY2(kwb.exitCode() == 0, qPrintable(out));
        QVERIFY2(out.contains(u"Python: "_s + venvPython), qPrintable(out));
        QVERIFY2(!out.contains(u"cannot import"_s) && !out.contains(u"cannot be imported"_s),
                 qPrintable(out));
    }

    // kwb hosts check says what the installed TileLang compiles for and
    // which GPU, if any, is there to run it.
    void tilelangHostsCheckNamesItsBackends()
    {
        if (const QString why = tilelangMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        const QString out = hostsCheck(u"gemm-tilelang"_s);
        static const QRegularExpression backends(
            u"✓ TileLang's backends: TileLang [0-9.]+ compiles for c(, [a-z]+)*; "_s);
        QVERIFY2(backends.match(out).hasMatch(), qPrintable(out));
        if (!QFileInfo::exists(u"/dev/nvidiactl"_s) && !QFileInfo::exists(u"/dev/kfd"_s))
            QVERIFY2(out.contains(u"no GPU here (device cpu only)"_s), qPrintable(out));
    }

    // The example's GPU workload tunes what only a GPU has (THREADS,
    // NUM_STAGES), and its template, bound to its default and to the corners
    // its constraints allow (most shared memory, most accumulators per
    // thread), lowers to CUDA for an H100 and to HIP for an MI300X with the
    // installed TileLang, which checks tiles, threads and stages as it
    // lowers. No GPU is needed to lower; running it needs one.
    void tilelangGpuWorkloadLowersForBothVendors()
    {
        if (const QString why = tilelangMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        const LoadedWorkload l = loadWorkloadAndTarget(
            QStringLiteral(KWB_SOURCE_DIR) + u"/examples/gemm-tilelang/workload-gpu.json"_s);
        QVERIFY(l.ok());
        QVERIFY2(l.warnings.isEmpty(), qPrintable(l.warnings.value(0).toString()));
        QCOMPARE(l.workload->device, QString());
        const KnobSpace &space = l.workload->knobs;
        for (const QString &knob : {u"THREADS"_s, u"NUM_STAGES"_s})
            QVERIFY2(space.knobNames().contains(knob), qPrintable(space.knobNames().join(u' ')));
        // 256×256 on 128 threads would hold 512 fp32 accumulators a thread.
        QStringList errors;
        const auto tooMany =
            space.parseAssignments({u"BLOCK_M=256"_s, u"BLOCK_N=256"_s, u"THREADS=128"_s}, &errors);
        QVERIFY(tooMany && !space.isValid(*tooMany));
        auto value = [&](const KnobConfig &c, const char *name) {
            const int k = space.indexOfKnob(QLatin1String(name));
            return space.knobs()[size_t(k)].values[size_t(c[size_t(k)])].number;
        };
        auto sharedBytes = [&](const KnobConfig &c) {
            return value(c, "NUM_STAGES") * (value(c, "BLOCK_M") + value(c, "BLOCK_N")) *
                   value(c, "BLOCK_K") * 2;
        };
        auto accumulators = [&](const KnobConfig &c) {
            return value(c, "BLOCK_M") * value(c, "BLOCK_N") / value(c, "THREADS");
        };
        KnobConfig mostShared = space.defaultConfig(), mostAccumulators = mostShared;
        const qint64 valid = space.forEachValid([&](const KnobConfig &c) {
            if (sharedBytes(c) > sharedBytes(mostShared))
                mostShared = c;
            if (accumulators(c) > accumulators(mostAccumulators))
                mostAccumulators = c;
            return true;
        });
        QVERIFY(valid > 10);
        QStringList files;
        for (const KnobConfig &c : {space.defaultConfig(), mostShared, mostAccumulators}) {
            QString error;
            const QString source = instantiateTemplate(*l.workload, *l.target, c, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            files << m_tmp.path() + u"/gemm-gpu-"_s + QString::number(files.size()) + u".py"_s;
            QFile f(files.back());
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(source.toUtf8());
            qInfo("%s: %s", qPrintable(QFileInfo(files.back()).fileName()),
                  qPrintable(space.describe(c)));
        }
        QProcess lower;
        lower.start(python(), QStringList{data(u"tilelang-gpu/lower.py"_s), u"4096"_s, u"4096"_s,
                                          u"4096"_s, u"float16"_s} +
                                  files);
        QVERIFY(lower.waitForFinished(300'000));
        const QString out = QString::fromUtf8(lower.readAllStandardOutput());
        QVERIFY2(lower.exitCode() == 0,
                 qPrintable(out + QString::fromUtf8(lower.readAllStandardError()).right(2000)));
        for (const QString &file : files) {
            const QString name = QFileInfo(file).fileName();
            // Tensor-core code on both: Hopper's wgmma (or mma), CDNA's mfma.
            QVERIFY2(out.contains(u"lowered "_s + name + u" cuda sm_90 wgmma"_s) ||
                         out.contains(u"lowered "_s + name + u" cuda sm_90 mma"_s),
                     qPrintable(out));
            QVERIFY2(out.contains(u"lowered "_s + name + u" hip gfx942 mfma"_s), qPrintable(out));
        }
    }

    // The Python targets' digest of a timed call is the C++ targets' (common/
    // kwbsamples.h): four weighted sums, the count of non-finite elements and
    // where they lie, so a NaN moved elsewhere, or an infinity of the other
    // sign, does not pass for the reference's.
    // The C++ targets' supervisor refuses a digest whose fields are not
    // numbers as the kernel's fault ("incorrect" in the bench); passed on,
    // the answer program refused it and the evaluation failed as the
    // reference's. And its outside clock caps the overhead a cpu-cxx
    // benchmark declares by what the harness's part costs without the
    // kernel, so time moved from the calls into the overhead is seen.
    // kwbhost.h is built as the hosts build it (kwbrun.sh).
    void supervisorRefusesDigestsThatAreNotNumbers()
    {
        const QString cxx = QStandardPaths::findExecutable(u"g++"_s);
        if (cxx.isEmpty())
            QSKIP("no g++ here to build the supervisor's header with");
        const QString program = m_tmp.path() + u"/sampledigests"_s;
        QProcess build;
        build.start(cxx, {u"-O2"_s, u"-std=c++17"_s,
                          u"-I"_s + QStringLiteral(KWB_SOURCE_DIR) + u"/resources/targets/common"_s,
                          data(u"kwbhost-sampledigests.cpp"_s), u"-o"_s, program});
        QVERIFY(build.waitForFinished(180'000));
        QVERIFY2(build.exitCode() == 0,
                 qPrintable(QString::fromUtf8(build.readAllStandardError())));
        QProcess run;
        run.start(program, {});
        QVERIFY(run.waitForFinished(60'000));
        const QString out = QString::fromUtf8(run.readAllStandardOutput());
        QVERIFY2(run.exitCode() == 0, qPrintable(out));
        const QString notNumbers = u"the benchmark's digest of timed sample 0 is not numbers"_s;
        for (
            const QString &line : QStringList{
                u"kwb:good ok 0:0:77:0x1p+0,-0x1.8p-1,0x0p+0,inf:0:0:12345:0x1p+0/nan/-0x1p-3"_s,
                u"kwb:empty ok 0:0:77:0x1p+0,0x1p+0,0x1p+0,0x1p+0:0:0:12345:-"_s,
                u"kwb:sums "_s + notNumbers, u"kwb:three-sums "_s + notNumbers,
                u"kwb:probes "_s + notNumbers,
                u"kwb:no-probes the benchmark's digest of timed sample 0 carries no probed elements"_s,
                u"kwb:where "_s + notNumbers, u"kwb:key "_s + notNumbers,
                // the outside clock, with the harness's overhead capped
                u"kwb:clock-honest kept 10"_s, u"kwb:clock-shifted bounded 6.7"_s,
                u"kwb:clock-shifted-more flagged"_s, u"kwb:clock-uncapped kept 0.5"_s,
                u"kwb:clock-long flagged"_s, u"kwb:clock-within kept 93"_s})
            QVERIFY2(out.contains(line), qPrintable(line + u" not in:\n"_s + out));
    }

    void pythonDigestSeesWhereNonFiniteElementsAre()
    {
        if (const QString why = pythonLacks(u"math"_s); !why.isEmpty())
            QSKIP(qPrintable(why));
        QProcess p;
        p.start(python(), {data(u"kwbhost-digest.py"_s), QStringLiteral(KWB_SOURCE_DIR)});
        QVERIFY(p.waitForFinished(120'000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
        for (const QString &line :
             {u"kwb:sums 4 distinct 4"_s, u"kwb:same-key 1"_s, u"kwb:other-key 1"_s,
              // sums and count equal, the place not
              u"kwb:nan-moved 1 1 0"_s, u"kwb:inf-sign 1 1 0"_s,
              // 32 elements as they are, where the key says
              u"kwb:probes 32 elements 1 same-key 1 other-key 1"_s, u"kwb:probes-off 0 1 0 2"_s})
            QVERIFY2(out.contains(line), qPrintable(line + u" not in:\n"_s + out));
        // The GPU's digest (one Triton kernel) has the same properties.
        const QString fused =
            tritonMissing().isEmpty() ? u"kwb:fused 4 4 1 1 1 1 0 1 1 0"_s : u"kwb:fused"_s;
        QVERIFY2(out.contains(fused), qPrintable(fused + u" not in:\n"_s + out));
    }

    void tritonHostProblemsAreInfrastructure()
    {
        if (const QString why = tritonMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        auto l = load(u"triton-tiny/workload.json"_s);
        QVERIFY(l);
        const QString source = read(data(u"../../examples/matmul-triton/naive.py"_s));
        // No interpreter and a CPU-only PyTorch: no device, the driver's words.
        qunsetenv("TRITON_INTERPRET");
        const EvalOutcome noGpu =
            evaluate(l->workload, l->target, source, m_tmp.path() + u"/nogpu"_s);
        QVERIFY(noGpu.infra);
        QVERIFY2(noGpu.infraMessage.contains(u"no usable CUDA device"_s),
                 qPrintable(noGpu.infraMessage));
        // A Python without PyTorch.
        const QByteArray saved = qgetenv("KWB_PYTHON");
        QTemporaryDir empty;
        QFile fake(empty.path() + u"/python"_s);
        QVERIFY(fake.open(QIODevice::WriteOnly));
        fake.write("#!/bin/sh\nexec /usr/bin/python3 -S -I \"$@\"\n");
        fake.close();
        fake.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("KWB_PYTHON", fake.fileName().toUtf8());
        const EvalOutcome noTorch =
            evaluate(l->workload, l->target, source, m_tmp.path() + u"/notorch"_s);
        qputenv("KWB_PYTHON", saved);
        QVERIFY(noTorch.infra);
        QVERIFY2(noTorch.infraMessage.contains(u"PyTorch cannot be imported"_s),
                 qPrintable(noTorch.infraMessage));
    }

    void kernelBenchProblemAsReference()
    {
        if (const QString why = tritonMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        qputenv("TRITON_INTERPRET", "1");
        const auto interpreterOff =
            qScopeGuard([] { qunsetenv("TRITON_INTERPRET"); }); // also on a failure
        auto l = load(u"softmax-kb/workload.json"_s);
        QVERIFY(l);
        const QString root = m_tmp.path() + u"/kb"_s;
        for (const QString &file : {u"kernel.py"_s, u"modelnew.py"_s}) {
            const EvalOutcome o =
                evaluate(l->workload, l->target, read(data(u"softmax-kb/"_s + file)), root);
            QVERIFY2(!o.infra, qPrintable(o.infraMessage));
            QVERIFY2(!o.result.failed(), qPrintable(file + u": "_s + o.result.failureMessage));
            QCOMPARE(o.result.checks.size(), size_t(2));
        }
        // A model with weights: the candidate's, built after the same seed, matches.
        auto linear = load(u"linear-kb/workload.json"_s);
        QVERIFY(linear);
        const EvalOutcome weights =
            evaluate(linear->workload, linear->target, read(data(u"linear-kb/modelnew.py"_s)),
                     root + u"-linear"_s);
        QVERIFY2(!weights.infra, qPrintable(weights.infraMessage));
        QVERIFY2(!weights.result.failed(), qPrintable(weights.result.failureMessage));
        // get_inputs() must make what the workload declares.
        Workload other = l->workload;
        other.inputs[0].shape = {8, 128};
        const EvalOutcome mismatch =
            evaluate(other, l->target, read(data(u"softmax-kb/kernel.py"_s)), root + u"-m"_s);
        QCOMPARE(mismatch.result.failureClass, u"reference"_s);
        QVERIFY2(mismatch.result.failureMessage.contains(u"get_inputs() makes"_s),
                 qPrintable(mismatch.result.failureMessage));
        qunsetenv("TRITON_INTERPRET");
    }

    // The loop's gate with the real triton harness: approve the start,
    // approve a template instance, reject the next; kernels are stored as .py.
    void tritonGateEndToEnd()
    {
        if (const QString why = tritonMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        qputenv("TRITON_INTERPRET", "1");
        const auto interpreterOff =
            qScopeGuard([] { qunsetenv("TRITON_INTERPRET"); }); // also on a failure
        auto l = load(u"triton-tiny/workload.json"_s);
        QVERIFY(l);
        l->workload.baselines.clear();
        QString error;
        auto session =
            SessionStore::create(m_tmp.path() + u"/gate"_s, l->workload, l->target, &error);
        QVERIFY2(session, qPrintable(error));
        SearchPlanner planner(l->workload, l->target, SearchStrategy::Random, 1);
        PoolEvalBackend backend(l->workload, l->target, Calibration{}, session->dir() + u"/work"_s,
                                1);
        OptimizationLoop loop(l->workload, *session, planner, backend, LoopOptions{});
        loop.setMode(LoopMode::ApproveEach);
        QList<Proposal> waiting;
        connect(&loop, &OptimizationLoop::awaitingApproval, this,
                [&](const Proposal &p) { waiting << p; });
        QSignalSpy finishedCandidates(&loop, &OptimizationLoop::candidateFinished);
        loop.start();
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 1, 30'000);
        QVERIFY(loop.approve(waiting[0].id));
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 2, 120'000);
        QCOMPARE(waiting[1].origin, Origin::Search);
        QVERIFY(waiting[1].source.startsWith(u"# kwb knobs: "_s));
        QVERIFY(loop.approve(waiting[1].id));
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 3, 120'000);
        QVERIFY(loop.reject(waiting[2].id));
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 4, 120'000);
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 120'000);

        const auto &records = session->experiments();
        QCOMPARE(records.size(), size_t(3));
        QCOMPARE(records[0].decision, Verdict::Kept);
        QVERIFY(records[1].decision == Verdict::Kept || records[1].decision == Verdict::Discarded ||
                records[1].decision == Verdict::Reverted);
        QVERIFY(records[1].knobs.contains("BLOCK_M"));
        QCOMPARE(records[2].decision, Verdict::Rejected);
        QVERIFY2(session->kernelPath(records[1].sourceHash).endsWith(u".py"_s),
                 qPrintable(session->kernelPath(records[1].sourceHash)));
        QCOMPARE(session->kernelExtension(), u"py"_s);
        qunsetenv("TRITON_INTERPRET");
    }
};

QTEST_GUILESS_MAIN(TestGpuTargets)
#include "tst_gputargets.moc"
