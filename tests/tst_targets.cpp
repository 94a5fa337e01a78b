// Target profiles: loading, errors, and the data-driven metrics and rules.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "remote/hostcheck.h"
#include "targets/targetprofile.h"
#include "util/version.h"
#include "workload/workload.h"

#include <QScopeGuard>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestTargets : public QObject
{
    Q_OBJECT

private:
    TargetProfile m_cpu;
    Workload m_workload;

    EvalResult timed(double medianMs)
    {
        EvalResult r;
        r.stage = u"bench"_s;
        r.compiled = true;
        r.correct = true;
        r.metrics = {{u"median_ms"_s, medianMs}, {u"min_ms"_s, medianMs}};
        r.document = Json::object();
        return r;
    }

    // `t`'s questions asked of this host, answered in order; `allOk` is what
    // the check finished with (false as well when it did not finish).
    QList<HostCheckAnswer> askHere(const TargetProfile &t, bool *allOk = nullptr)
    {
        EvalHost local;
        HostCheck check(local, t);
        QList<HostCheckAnswer> answers;
        connect(&check, &HostCheck::answered, this,
                [&](const HostCheckAnswer &a) { answers << a; });
        QSignalSpy done(&check, &HostCheck::finished);
        check.start();
        const bool finished = !done.isEmpty() || done.wait(30'000);
        if (allOk)
            *allOk = finished && done[0][0].toBool() && check.allOk();
        return answers;
    }

private Q_SLOTS:
    // kwb and the window run from the build tree use the build's venv for
    // the Python targets; a KWB_PYTHON the user set wins; elsewhere nothing.
    void buildPythonFoundFromTheBuildTree()
    {
        const QByteArray saved = qgetenv("KWB_PYTHON");
        qunsetenv("KWB_PYTHON");
        QTemporaryDir build;
        QVERIFY(QDir(build.path()).mkpath(u"app/kwb"_s) &&
                QDir(build.path()).mkpath(u"venv/bin"_s));
        QFile python(build.path() + u"/venv/bin/python"_s);
        QVERIFY(python.open(QIODevice::WriteOnly));
        python.close();
        python.setPermissions(QFile::ReadOwner | QFile::ExeOwner);
        // Not a build tree yet (no CMakeCache.txt): nothing is set.
        QCOMPARE(useBuildPython(build.path() + u"/app/kwb"_s), QString());
        QVERIFY(qEnvironmentVariableIsEmpty("KWB_PYTHON"));
        QFile cache(build.path() + u"/CMakeCache.txt"_s);
        QVERIFY(cache.open(QIODevice::WriteOnly));
        cache.close();
        const QString found = useBuildPython(build.path() + u"/app/kwb"_s);
        QCOMPARE(found, QDir::cleanPath(build.path() + u"/venv/bin/python"_s));
        QCOMPARE(qEnvironmentVariable("KWB_PYTHON"), found);
        qputenv("KWB_PYTHON", "/opt/mine/python");
        QCOMPARE(useBuildPython(build.path() + u"/app/kwb"_s), u"/opt/mine/python"_s);
        if (saved.isEmpty())
            qunsetenv("KWB_PYTHON");
        else
            qputenv("KWB_PYTHON", saved);
    }

    void initTestCase()
    {
        Diagnostic d;
        auto t = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(t, qPrintable(d.toString()));
        m_cpu = *t;
        // A synthetic workload: 1 GFLOP over 100 MB (intensity 10 FLOP/byte).
        m_workload.flops = 1e9;
        m_workload.bytes = 1e8;
    }

    void cpuTargetIsData()
    {
        QCOMPARE(m_cpu.id, u"cpu-cxx"_s);
        QCOMPARE(m_cpu.command, QStringList({u"bash"_s, u"run.sh"_s, u"eval"_s, u"{candidate}"_s}));
        QVERIFY(m_cpu.files.contains(u"supervisor.cpp"_s));
        const MetricInfo *median = m_cpu.metric(u"median_ms"_s);
        QVERIFY(median);
        QVERIFY(!median->higherIsBetter);
        QCOMPARE(median->unit, u"ms"_s);
        QVERIFY(m_cpu.metric(u"gflops"_s)->higherIsBetter);
        QVERIFY(!m_cpu.metric(u"intensity"_s)->shown);
        QVERIFY(!m_cpu.derived.empty());
        QCOMPARE(m_cpu.bottleneck.front().cls, u"failing"_s);
        QCOMPARE(m_cpu.compilerFlags, QStringList({u"-O3"_s, u"-march=native"_s, u"-std=c++20"_s}));
    }

    // The charts, the gate and Compare name metrics by their label: every
    // bundled catalog gives one (a raw identifier is not for people).
    void everyBundledMetricHasALabel()
    {
        for (const QString &id : TargetRegistry::availableIds()) {
            Diagnostic d;
            QList<Diagnostic> warnings;
            auto t = TargetRegistry::load(id, &d, &warnings);
            QVERIFY2(t, qPrintable(d.toString()));
            QVERIFY2(warnings.isEmpty(), qPrintable(warnings.value(0).toString()));
            QVERIFY(t->metrics.size() >= 10);
            for (const MetricInfo &m : t->metrics)
                QVERIFY2(!m.label.isEmpty(), qPrintable(id + u": "_s + m.name));
        }
    }

    // A target ships every file its host side includes: a supervisor or
    // harness that includes a shared header the target's `files` forgot
    // cannot be built on the host (every evaluation an infrastructure failure).
    void everyTargetShipsWhatItIncludes()
    {
        static const QRegularExpression include(u"^\\s*#\\s*include\\s+\"([^\"]+)\""_s,
                                                QRegularExpression::MultilineOption);
        for (const QString &id : TargetRegistry::availableIds()) {
            Diagnostic d;
            auto t = TargetRegistry::load(id, &d);
            QVERIFY2(t, qPrintable(d.toString()));
            QSet<QString> shipped;
            for (const QString &file : t->files)
                shipped.insert(QFileInfo(file).fileName());
            for (const QString &file : t->files) {
                QFile f(t->filePath(file));
                QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
                const QString text = QString::fromUtf8(f.readAll());
                for (auto it = include.globalMatch(text); it.hasNext();) {
                    const QString header = it.next().captured(1);
                    if (header == u"kwb_problem.h"_s) // generated for every evaluation
                        continue;
                    QVERIFY2(shipped.contains(header),
                             qPrintable(id + u": "_s + file + u" includes "_s + header +
                                        u", which the target's files do not ship"_s));
                }
            }
        }
    }

    void unknownTarget()
    {
        Diagnostic d;
        QVERIFY(!TargetRegistry::load(u"warp-drive"_s, &d));
        QCOMPARE(
            d.message,
            u"unknown target 'warp-drive' (known: cpu-cxx, cuda-cxx, hip, nki, opencl, tilelang, triton)"_s);
    }

    void malformedProfile()
    {
        Diagnostic d;
        QVERIFY(!TargetRegistry::loadFile(QFINDTESTDATA("data/targets/bad/target.json"), &d));
        QVERIFY2(d.toString().endsWith(
                     u"bad/target.json:4:39: 'better' must be \"higher\" or \"lower\""_s),
                 qPrintable(d.toString()));
    }

    // A target.json is read like a workload: every problem at once, each
    // at its place, and a misspelt key named with what it may have meant.
    void everyProblemOfAProfileIsNamed()
    {
        QTemporaryDir dir;
        const QString path = dir.path() + u"/target.json"_s;
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": "kwb.target/1", "id": "typos", "name": "typos",
  "command": ["true", 3],
  "calibrte": ["true"],
  "metrics": [{"name": "t", "lable": "time", "better": "lower"},
              {"name": "u", "shown": "yes"}],
  "bottleneck": [{"class": "slow", "when": "t >"}],
  "audit": {"referenc": ["^x$"], "threads": ["*a"]}
}
)");
        f.close();
        const TargetLoad load = TargetRegistry::readFile(path);
        QVERIFY(!load.target);
        QStringList errors, warnings;
        for (const Diagnostic &d : load.errors)
            errors << QString::number(d.pos.line) + u": "_s + d.message;
        for (const Diagnostic &d : load.warnings)
            warnings << QString::number(d.pos.line) + u": "_s + d.message;
        QCOMPARE(errors.size(), 4);
        QVERIFY2(errors[0].startsWith(u"2: 'command' must hold strings only, found an integer"_s),
                 qPrintable(errors.join(u'\n')));
        QVERIFY2(errors[1].startsWith(u"5: 'metrics.1.shown' must be true or false"_s),
                 qPrintable(errors.join(u'\n')));
        QVERIFY2(errors[2].startsWith(u"6: bottleneck rule 'slow': "_s),
                 qPrintable(errors.join(u'\n')));
        QVERIFY2(errors[3].startsWith(u"7: '*a' is not a regular expression"_s),
                 qPrintable(errors.join(u'\n')));
        QCOMPARE(warnings,
                 QStringList({u"3: unknown key 'calibrte' is ignored (did you mean 'calibrate'?)"_s,
                              u"4: unknown key 'lable' in 'metrics.0' is ignored (did you mean "
                              u"'label'?)"_s,
                              u"7: unknown key 'referenc' in 'audit' is ignored (did you mean "
                              u"'reference'?)"_s}));

        // Warnings alone do not stop a profile from loading; they reach
        // whoever loads it.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(R"({"schema": "kwb.target/1", "id": "t", "name": "t", "command": ["true"],
  "metrics": [{"name": "t", "lable": "time"}]})");
        f.close();
        Diagnostic error;
        QList<Diagnostic> loaded;
        const auto t = TargetRegistry::loadFile(path, &error, &loaded);
        QVERIFY2(t, qPrintable(error.toString()));
        QCOMPARE(loaded.size(), 1);
        QVERIFY(loaded[0].toString().contains(u"did you mean 'label'"_s));
    }

    void overrideDirectory()
    {
        qputenv(
            "KWB_TARGETS_DIR",
            QFileInfo(QFINDTESTDATA("data/targets/garbage/target.json")).absolutePath().toUtf8() +
                "/..");
        QVERIFY(TargetRegistry::availableIds().contains(u"garbage"_s));
        QVERIFY(TargetRegistry::availableIds().contains(u"cpu-cxx"_s)); // the embedded ones remain
        qunsetenv("KWB_TARGETS_DIR");
        QVERIFY(!TargetRegistry::availableIds().contains(u"garbage"_s));
    }

    void classification_data()
    {
        QTest::addColumn<double>("peakGflops");
        QTest::addColumn<double>("peakGbs");
        QTest::addColumn<double>("medianMs");
        QTest::addColumn<QString>("expected");
        // Ridge = peak FLOP/s / bandwidth. Intensity is 10 FLOP/byte.
        QTest::newRow("memory side, saturated")
            << 1000.0 << 20.0 << 6.0 << u"memory-bound"_s; // 16.7 GB/s of 20
        QTest::newRow("memory side, idle") << 1000.0 << 20.0 << 60.0 << u"underutilized"_s;
        QTest::newRow("compute side, saturated")
            << 50.0 << 20.0 << 25.0 << u"compute-bound"_s; // 40 of 50 GFLOP/s
        QTest::newRow("compute side, idle") << 50.0 << 20.0 << 200.0 << u"underutilized"_s;
    }

    void classification()
    {
        QFETCH(double, peakGflops);
        QFETCH(double, peakGbs);
        QFETCH(double, medianMs);
        QFETCH(QString, expected);
        Calibration c;
        c.peakGflops = peakGflops;
        c.peakGbs = peakGbs;
        EvalResult r = timed(medianMs);
        enrichResult(r, m_workload, m_cpu, c);
        QCOMPARE(r.bottleneck, expected);
        QCOMPARE(*r.metric(u"gflops"_s), 1e9 / (medianMs * 1e6));
        QCOMPARE(*r.metric(u"pct_peak_flops"_s), 100.0 * (1e9 / (medianMs * 1e6)) / peakGflops);
        QCOMPARE(*r.metric(u"intensity"_s), 10.0);
        QVERIFY(!r.bottleneckWhy.contains(u'{')); // every placeholder filled
        QCOMPARE(r.document.at("bottleneck").at("class").get<std::string>(),
                 expected.toStdString());
        QVERIFY(r.document.at("metrics").contains("pct_roofline"));
    }

    void failedResultIsFailing()
    {
        Calibration c;
        c.peakGflops = 100;
        c.peakGbs = 10;
        EvalResult r;
        r.stage = u"compile"_s;
        r.failureClass = u"compile"_s;
        r.document = Json::object();
        enrichResult(r, m_workload, m_cpu, c);
        QCOMPARE(r.bottleneck, u"failing"_s);
        QVERIFY(r.metrics.empty()); // nothing derived from a failure
    }

    // A metric's role in target.json: an unknown word is refused with its
    // place in the file and the word meant; one role on two metrics too.
    void metricRolesAreChecked()
    {
        QTemporaryDir dir;
        const QString path = dir.path() + u"/target.json"_s;
        auto load = [&](const QByteArray &metrics, Diagnostic *d) {
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return false;
            f.write(
                R"({"schema": "kwb.target/1", "id": "roles", "name": "roles", "command": ["true"],
  "metrics": )" +
                metrics + "}\n");
            f.close();
            return TargetRegistry::loadFile(path, d).has_value();
        };
        Diagnostic d;
        QVERIFY2(load(R"([{"name": "gf", "role": "flop_rate"}, {"name": "t"}])", &d),
                 qPrintable(d.toString()));
        QVERIFY(!load(R"([{"name": "gf",
   "role": "flop_rte"}])",
                      &d));
        QVERIFY2(d.message.contains(u"did you mean 'flop_rate'"_s), qPrintable(d.toString()));
        QCOMPARE(d.pos.line, 3); // where the word is
        QVERIFY(
            !load(R"([{"name": "a", "role": "latency"}, {"name": "b", "role": "latency"}])", &d));
        QVERIFY2(d.message.contains(u"already has the role 'latency'"_s), qPrintable(d.toString()));
        QVERIFY(!load(R"([{"name": "a"}, {"name": "a"}])", &d));
        QVERIFY2(d.message.contains(u"twice"_s), qPrintable(d.toString()));
    }

    // The calibration's roles name plain, unused fields; a misspelt role
    // word is a warning with its correction.
    void calibrationRolesAreChecked()
    {
        QTemporaryDir dir;
        const QString path = dir.path() + u"/target.json"_s;
        auto load = [&](const QByteArray &calibration) {
            QFile f(path);
            if (f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                f.write(R"j({"schema": "kwb.target/1", "id": "c", "name": "c", "command": ["true"],
  "metrics": [{"name": "median_ms", "role": "latency"}, {"name": "gf"}],
  "calibration": )j" + calibration +
                        R"j(,
  "derived": {"gf": "flops / (median_ms * 1e6)", "share": "100 * gf / top"}}
)j");
                f.close();
            }
            return TargetRegistry::readFile(path);
        };
        const TargetLoad declared = load(R"({"peak_flop_rate": "top", "peak_bandwidth": "bw"})");
        QVERIFY(declared.target);
        QCOMPARE(declared.target->calibration.peakFlopRate, u"top"_s);
        QCOMPARE(declared.target->calibration.peakBandwidth, u"bw"_s);
        QCOMPARE(declared.target->calibration.peakFlopRateByPrecision, u"peaks"_s); // the default

        // Each load fails, its first error on `line` saying `text`.
        const auto firstError = [](const TargetLoad &l) {
            return l.errors.isEmpty() ? Diagnostic{} : l.errors.front();
        };
        const std::tuple<QByteArray, int, QString> wrong[] = {
            // The formula names a peak the target calls otherwise: at the formula.
            {R"({"peak_flop_rate": "peak", "peak_bandwidth": "bw"})", 4, u"top"_s},
            {R"({"peak_flop_rate": "gf", "peak_bandwith": "bw"})", 3,
             u"'gf' is already the name of a metric"_s},
            {R"({"peak_flop_rate": "top", "peak_bandwidth": "top"})", 3,
             u"another calibration figure"_s},
            {R"({"peak_flop_rate": "1top", "peak_bandwidth": "bw"})", 3, u"not a plain name"_s},
            // A role left at its default keeps its name: no other takes it.
            {R"({"peak_flop_rate": "peak_gbs"})", 3, u"another calibration figure"_s},
            // A derived metric cannot hide a peak (here "share").
            {R"({"peak_flop_rate": "share", "peak_bandwidth": "bw"})", 4,
             u"'share' is an input of every formula"_s}};
        for (const auto &[calibration, line, text] : wrong) {
            const TargetLoad l = load(calibration);
            QVERIFY(!l.target);
            QVERIFY2(firstError(l).message.contains(text) && firstError(l).pos.line == line,
                     qPrintable(firstError(l).toString()));
        }
        const TargetLoad misspelt = load(R"({"peak_flop_rate": "top", "peak_bandwith": "bw"})");
        QVERIFY(misspelt.target);
        QCOMPARE(misspelt.warnings.size(), 1);
        QVERIFY2(misspelt.warnings[0].message.contains(u"did you mean 'peak_bandwidth'"_s),
                 qPrintable(misspelt.warnings[0].toString()));
    }

    // The engine finds what it reads by role in every bundled target.
    void bundledTargetsDeclareTheirRoles()
    {
        for (const QString &id : TargetRegistry::availableIds()) {
            Diagnostic d;
            const auto t = TargetRegistry::load(id, &d);
            QVERIFY2(t, qPrintable(d.toString()));
            for (MetricRole role : {MetricRole::Latency, MetricRole::FlopRate,
                                    MetricRole::Bandwidth, MetricRole::Intensity})
                QVERIFY2(t->metricFor(role),
                         qPrintable(id + u" declares no "_s + metricRoleWord(role)));
            // Where the catalog has a share of the calibrated peak, the trust check finds it.
            if (t->metric(u"pct_peak_flops"_s))
                QCOMPARE(t->metricFor(MetricRole::ShareOfPeakFlops)->name, u"pct_peak_flops"_s);
        }
    }

    // A target that names its metrics otherwise (here cpu-cxx's catalog with
    // every derived name changed) keeps its roofline figures, its
    // bottleneck rules and its trust check: the engine reads roles.
    void renamedMetricsKeepTheirRoles()
    {
        QFile bundled(u":/kwb/targets/cpu-cxx/target.json"_s);
        QVERIFY(bundled.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(bundled.readAll());
        const std::pair<const char *, const char *> renames[] = {{"gflops", "gf"},
                                                                 {"intensity", "ai"},
                                                                 {"pct_peak_flops", "share_flops"},
                                                                 {"pct_peak_bw", "share_bw"},
                                                                 {"bandwidth_gbs", "gbytes"},
                                                                 {"peak_gflops", "flop_ceiling"},
                                                                 {"peaks", "flop_ceilings"},
                                                                 {"peak_gbs", "dram_ceiling"}};
        for (const auto &[from, to] : renames)
            text.replace(QRegularExpression(u"\\b"_s + QLatin1String(from) + u"\\b"_s),
                         QLatin1String(to));
        text.replace(u"\"role\": \"ai\""_s, u"\"role\": \"intensity\""_s); // the role's word stays
        text.replace(QRegularExpression(u"\"files\":\\s*\\[[^\\]]*\\]"_s), u"\"files\": []"_s);
        // Its calibrate prints the ceilings under the names the target declares.
        text.replace(
            QRegularExpression(u"\"calibrate\":\\s*\\[[^\\]]*\\]"_s),
            uR"j("calibrate": ["sh", "-c", "echo '{\"flop_ceiling\": 50, \"dram_ceiling\": 20, \"flop_ceilings\": {\"fp64\": 25}}'"])j"_s);
        QTemporaryDir dir;
        QFile renamed(dir.path() + u"/target.json"_s);
        QVERIFY(renamed.open(QIODevice::WriteOnly));
        renamed.write(text.toUtf8());
        renamed.close();
        Diagnostic d;
        const auto t = TargetRegistry::loadFile(renamed.fileName(), &d);
        QVERIFY2(t, qPrintable(d.toString()));
        QVERIFY(!t->metric(u"gflops"_s) && !t->metric(u"pct_peak_flops"_s));
        QCOMPARE(t->metricFor(MetricRole::FlopRate)->name, u"gf"_s);
        QCOMPARE(t->calibration.peakFlopRate, u"flop_ceiling"_s);

        // The calibration is read by the target's names and cached in kwb's schema.
        QTemporaryDir cache;
        const QByteArray previous = qgetenv("XDG_CACHE_HOME");
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const auto restore = qScopeGuard([&] { qputenv("XDG_CACHE_HOME", previous); });
        Calibrator calibrator;
        Calibration c;
        connect(&calibrator, &Calibrator::finished, this, [&](const Calibration &got) { c = got; });
        QSignalSpy measured(&calibrator, &Calibrator::finished),
            failed(&calibrator, &Calibrator::failed);
        calibrator.start(*t, u"local"_s, dir.path() + u"/work"_s, true);
        QVERIFY2(measured.wait(30'000),
                 failed.isEmpty() ? "no answer" : qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(c.peakGflops, 50.0);
        QCOMPARE(c.peakGbs, 20.0);
        QCOMPARE(c.peakFor(u"fp64"_s), 25.0);
        const auto cached = cachedCalibration(u"local"_s, t->id);
        QVERIFY(cached && cached->peakGflops == 50.0 && cached->peakGbs == 20.0);
        // A document in kwb's names is not this target's: the error names its fields.
        QString error;
        QVERIFY(!Calibration::fromTargetDocument(Json{{"peak_gflops", 50}, {"peak_gbs", 20}},
                                                 t->calibration, &error));
        QVERIFY2(error.contains(u"'flop_ceiling'"_s) && error.contains(u"'dram_ceiling'"_s),
                 qPrintable(error));
        EvalResult honest = timed(25); // 40 GFLOP/s at 10 FLOP/byte
        enrichResult(honest, m_workload, *t, c);
        QCOMPARE(honest.metric(MetricRole::FlopRate).value_or(NAN), 40.0);
        QCOMPARE(honest.metric(MetricRole::Intensity).value_or(NAN), 10.0);
        QCOMPARE(honest.metric(MetricRole::ShareOfPeakFlops).value_or(NAN), 80.0);
        QCOMPARE(honest.bottleneck, u"compute-bound"_s);
        QVERIFY(!honest.document.contains("flags"));
        QCOMPARE(metricOf(honest.document, MetricRole::FlopRate), 40.0);
        QVERIFY(distrustOf(honest, m_workload).isEmpty());

        EvalResult beyond = timed(5); // 200 GFLOP/s on a 50 GFLOP/s machine
        enrichResult(beyond, m_workload, *t, c);
        // The flag is in the typed result and in the document it is stored as.
        QCOMPARE(beyond.flags.size(), size_t(1));
        QCOMPARE(beyond.flags.front().id, u"beyond-roofline"_s);
        const Json flags = beyond.document.value("flags", Json::array());
        QVERIFY2(!flags.empty() && flags.front().value("id", "") == "beyond-roofline",
                 beyond.document.dump().c_str());
        QCOMPARE(flagsIn(beyond.document).front().reason, beyond.flags.front().reason);
        QVERIFY(!distrustOf(beyond, m_workload).isEmpty());
    }

    // A result stored before roles existed still answers by role.
    void documentsWithoutRolesUseTheFormerNames()
    {
        const Json old = {{"metrics", {{"gflops", 12.5}, {"pct_peak_flops", 40.0}}}};
        QCOMPARE(metricOf(old, MetricRole::FlopRate), 12.5);
        QCOMPARE(metricOf(old, MetricRole::ShareOfPeakFlops), 40.0);
        QVERIFY(!metricOf(old, MetricRole::Intensity));
        const Json renamed = {{"metrics", {{"gf", 3.0}, {"gflops", 99.0}}},
                              {"roles", {{"flop_rate", "gf"}}}};
        QCOMPARE(metricOf(renamed, MetricRole::FlopRate), 3.0);
        QVERIFY(!metricOf(renamed, MetricRole::ShareOfPeakFlops)); // declared none
    }

    void noCalibrationNoPeakShare()
    {
        EvalResult r = timed(10);
        enrichResult(r, m_workload, m_cpu, Calibration{});
        QVERIFY(r.metric(u"gflops"_s));
        QVERIFY(!r.metric(u"pct_peak_flops"_s)); // not invented
    }

    // kwb hosts check's questions, asked by core on the local host: one
    // answer per prerequisite, in order, with the first line the command
    // printed and the hint only where it failed to hold.
    // A Python target's check names the Python it asked, whether it has
    // PyTorch or not, and says what to install where it has none.
    void pythonPrerequisiteNamesItsPython()
    {
        Diagnostic d;
        auto triton = TargetRegistry::load(u"triton"_s, &d);
        QVERIFY(triton);
        TargetProfile t = *triton;
        std::erase_if(t.prerequisites,
                      [](const Prerequisite &p) { return !p.name.contains(u"PyTorch"_s); });
        QCOMPARE(t.prerequisites.size(), size_t(1));
        const QByteArray saved = qgetenv("KWB_PYTHON");
        const auto restore = qScopeGuard([&] {
            if (saved.isEmpty())
                qunsetenv("KWB_PYTHON");
            else
                qputenv("KWB_PYTHON", saved);
        });
        auto ask = [&]() {
            EvalHost local;
            HostCheck check(local, t);
            QSignalSpy answers(&check, &HostCheck::answered);
            QSignalSpy done(&check, &HostCheck::finished);
            check.start();
            [&] { QVERIFY(done.wait(60'000)); }();
            return answers.isEmpty() ? HostCheckAnswer{} : answers[0][0].value<HostCheckAnswer>();
        };
        qputenv("KWB_PYTHON", "/nonexistent/python3");
        HostCheckAnswer a = ask();
        QVERIFY(!a.ok);
        QCOMPARE(a.detail, u"/nonexistent/python3 cannot import torch"_s);
        QVERIFY2(a.hint.contains(u"pip install torch triton"_s) &&
                     a.hint.contains(u"KWB_PYTHON=~/kwb-venv/bin/python"_s),
                 qPrintable(a.hint));

        const QString venv =
            QDir::cleanPath(QStringLiteral(QT_TESTCASE_BUILDDIR) + u"/../venv/bin/python"_s);
        if (!QFileInfo::exists(venv))
            QSKIP("the build has no venv (make build makes it)");
        qputenv("KWB_PYTHON", venv.toLocal8Bit());
        a = ask();
        QVERIFY2(a.ok, qPrintable(a.detail));
        QVERIFY2(a.detail.contains(u" has PyTorch 2."_s), qPrintable(a.detail));
        QVERIFY2(a.detail.startsWith(QFileInfo(venv).absolutePath()), qPrintable(a.detail));
    }

    // Every target's sandbox question makes a sandbox, as the supervisor
    // will, rather than asking for bubblewrap's version: a host that has
    // bwrap but forbids user namespaces gets a ✗ that says so.
    void sandboxQuestionMakesASandbox()
    {
        QProcess probe;
        probe.start(u"bwrap"_s,
                    {u"--die-with-parent"_s, u"--unshare-all"_s, u"--ro-bind"_s, u"/"_s, u"/"_s,
                     u"--proc"_s, u"/proc"_s, u"--dev"_s, u"/dev"_s, u"true"_s});
        const bool works = probe.waitForFinished(20'000) &&
                           probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0;
        for (const QString &id : TargetRegistry::availableIds()) {
            Diagnostic d;
            auto t = TargetRegistry::load(id, &d);
            QVERIFY2(t, qPrintable(d.toString()));
            const auto q = std::find_if(
                t->prerequisites.begin(), t->prerequisites.end(),
                [](const Prerequisite &p) { return p.name.contains(u"bubblewrap"_s); });
            QVERIFY2(q != t->prerequisites.end(),
                     qPrintable(id + u" asks nothing of bubblewrap"_s));
            TargetProfile only = *t;
            only.prerequisites = {*q};
            const QList<HostCheckAnswer> answers = askHere(only);
            QCOMPARE(answers.size(), 1);
            const HostCheckAnswer &answer = answers.front();
            QCOMPARE(answer.ok, works);
            QVERIFY2(answer.detail.contains(works ? u"makes a sandbox here"_s
                                                  : u"cannot make a sandbox here"_s),
                     qPrintable(id + u": "_s + answer.detail));
            if (!works)
                QVERIFY(answer.hint.contains(u"user namespaces"_s));
        }
    }

    void hostCheckAsksWhatTheTargetNeeds()
    {
        TargetProfile t = m_cpu;
        t.prerequisites = {
            {u"echo"_s, {u"sh"_s, u"-c"_s, u"echo first; echo second"_s}, u"-"_s},
            {u"missing tool"_s, {u"sh"_s, u"-c"_s, u"echo absent; exit 3"_s}, u"install it"_s},
            {u"not a program"_s, {u"/nonexistent/kwb-tool"_s}, u"look"_s}};
        bool allOk = true;
        const QList<HostCheckAnswer> answers = askHere(t, &allOk);
        QCOMPARE(answers.size(), 3);
        const auto answer = [&](int i) { return answers[i]; };
        QVERIFY(answer(0).ok);
        QCOMPARE(answer(0).what, u"echo"_s);
        QCOMPARE(answer(0).detail, u"first"_s);
        QVERIFY(!answer(1).ok);
        QCOMPARE(answer(1).detail, u"absent"_s);
        QCOMPARE(answer(1).hint, u"install it"_s);
        QVERIFY(!answer(2).ok); // never started: a failed answer, not a hang
        QVERIFY(!allOk);

        // Nothing to ask: done at once, and every answer held.
        t.prerequisites.clear();
        EvalHost local;
        HostCheck none(local, t);
        QSignalSpy noneDone(&none, &HostCheck::finished);
        none.start();
        QCOMPARE(noneDone.size(), 1);
        QVERIFY(none.allOk());
    }
};

QTEST_GUILESS_MAIN(TestTargets)
#include "tst_targets.moc"
