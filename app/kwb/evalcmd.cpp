// kwb eval: one kernel of a workload compiled, checked and timed on one host
// (core/run/evaluation does the work), its summary or result document printed.
#include "cli.h"
#include "kwbtr.h"
#include "run/evaluation.h"
#include "session/sessionstore.h"
#include "source/kernelsource.h"
#include "summary.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>

using namespace kwb;
using namespace kwb::cli;
using namespace Qt::Literals::StringLiterals;

namespace {

int exitFor(const EvalResult &r)
{
    if (r.failureClass == u"reference"_s)
        return ExitUsage; // the workload is broken, not the kernel
    return r.failed() ? ExitKernelFailed : ExitOk;
}

void addEvalOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(
        Kwb::tr("Compile, check and time one kernel of a workload on the local host."));
    p.addPositionalArgument(u"workload"_s, u"workload.json"_s);
    p.addOption({u"knob"_s,
                 Kwb::tr("Evaluate the template with NAME=VALUE (repeatable); other knobs take "
                         "their defaults."),
                 u"NAME=VALUE"_s});
    p.addOption({u"kernel"_s,
                 Kwb::tr("Evaluate this kernel file instead of the workload's starting kernel."),
                 u"FILE"_s});
    p.addOption({u"session"_s,
                 Kwb::tr("Record the evaluation in this session folder (created if new)."),
                 u"DIR"_s});
    p.addOption(
        {u"json"_s,
         Kwb::tr("Print the result document (kwb.result/1, enriched) instead of the summary.")});
    p.addOption({u"seeds"_s, Kwb::tr("Check over N seeds (default: the workload's)."), u"N"_s});
    p.addOption({u"iters"_s, Kwb::tr("Timed iterations (default: the workload's)."), u"N"_s});
    p.addOption({u"timeout"_s,
                 Kwb::tr("Per-stage time limit in seconds (default: the workload's)."), u"S"_s});
    p.addOption({u"cold-cache"_s, Kwb::tr("Flush the caches before each timed call.")});
    p.addOption({u"recalibrate"_s,
                 Kwb::tr("Measure the machine's peaks again instead of using the cache.")});
    p.addOption({u"quiet"_s, Kwb::tr("Do not echo the harness's console output.")});
    p.addOption({u"host"_s,
                 Kwb::tr("Evaluate on this host: local or user@host[:port] or an ~/.ssh/config "
                         "alias (default: the workload's first)."),
                 u"HOST"_s});
    addHostOptions(p);
}

// --seeds, --iters, --timeout and --cold-cache laid over the workload's
// correctness and benchmark sections. Problems are printed; false then.
bool applyOverrides(const QCommandLineParser &p, Workload &w)
{
    auto positive = [&](const QString &opt, auto apply) {
        if (!p.isSet(opt))
            return true;
        bool ok = false;
        const double v = p.value(opt).toDouble(&ok);
        if (!ok || v <= 0) {
            err(u"kwb eval: "_s +
                Kwb::tr("--%1 needs a positive number, got '%2'").arg(opt, p.value(opt)));
            return false;
        }
        apply(v);
        return true;
    };
    if (!positive(u"seeds"_s,
                  [&](double v) {
                      w.correctness.seeds.clear();
                      for (qint64 s = 1; s <= qint64(v); ++s)
                          w.correctness.seeds.push_back(s);
                  }) ||
        !positive(u"iters"_s, [&](double v) { w.benchmark.iters = int(v); }) ||
        !positive(u"timeout"_s, [&](double v) { w.benchmark.timeoutSeconds = v; }))
        return false;
    if (p.isSet(u"cold-cache"_s))
        w.benchmark.coldCache = true;
    return true;
}

// Which source is evaluated: an explicit file (--kernel), a template
// instance (--knob), or the starting kernel. Problems are printed.
std::optional<Candidate> chooseSource(const QCommandLineParser &p, const Workload &w,
                                      const TargetProfile &target)
{
    Candidate candidate{{}, Origin::Human, Json::object(), {}, {}};
    const QStringList assignments = p.values(u"knob"_s);
    if (p.isSet(u"kernel"_s) && !assignments.isEmpty()) {
        err(u"kwb eval: "_s + Kwb::tr("--kernel and --knob exclude each other"));
        return std::nullopt;
    }
    if (!assignments.isEmpty()) {
        QStringList errors;
        auto config = w.knobs.parseAssignments(assignments, &errors);
        if (!config) {
            for (const QString &e : std::as_const(errors))
                err(u"kwb eval: "_s + e);
            return std::nullopt;
        }
        const ValidityReport report = w.knobs.check(*config);
        if (!report.ok()) {
            err(u"kwb eval: "_s +
                Kwb::tr("invalid knob configuration %1:").arg(w.knobs.describe(*config)) +
                u"\n  "_s + report.toString().replace(u"\n"_s, u"\n  "_s));
            return std::nullopt;
        }
        QString error;
        candidate.source = instantiateTemplate(w, target, *config, &error);
        if (!error.isEmpty()) {
            err(u"kwb eval: "_s + error);
            return std::nullopt;
        }
        candidate.label =
            QFileInfo(w.templatePath).fileName() + u" ["_s + w.knobs.describe(*config) + u']';
        candidate.knobs = w.knobs.toJson(*config);
        return candidate;
    }
    const QString file =
        p.isSet(u"kernel"_s) ? QFileInfo(p.value(u"kernel"_s)).absoluteFilePath() : w.kernelPath;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        err(u"kwb eval: "_s + Kwb::tr("cannot read kernel %1: %2").arg(file, f.errorString()));
        return std::nullopt;
    }
    candidate.source = QString::fromUtf8(f.readAll());
    candidate.label = QFileInfo(file).fileName();
    return candidate;
}

// A session that already holds this normalized source answers from its
// record; the exit status then, nullopt when it holds none. A record whose
// figures cannot be trusted (a false win, a flagged result) is no answer:
// the kernel is evaluated again.
std::optional<int> answerFromSession(const QCommandLineParser &p, const SessionStore &session,
                                     const Loaded &loaded, const Candidate &candidate,
                                     const QString &hash)
{
    const ExperimentRecord *cached = session.findBySourceHash(hash);
    if (!cached)
        return std::nullopt;
    auto result = evalResultOf(*cached, loaded.target);
    if (!result)
        return std::nullopt;
    if (p.isSet(u"json"_s)) {
        out(qs(cached->result.document().dump(2)) + u'\n');
    } else {
        out(Kwb::tr("(answered from the session cache: candidate #%1 has the same normalized "
                    "source)")
                .arg(cached->id) +
            u'\n');
        out(formatSummary(loaded.workload, *result, candidate.label, hash, cached->host));
    }
    return exitFor(*result);
}

// Calibrates (from the cache unless --recalibrate) and evaluates, echoing
// the calibration's and the harness's lines on stderr unless `quiet`.
EvalOutcome evaluate(const Loaded &loaded, EvalHost &host, const QString &workRoot,
                     const Candidate &candidate, bool recalibrate, bool quiet)
{
    SingleEvaluation evaluation(loaded.workload, loaded.target, host, workRoot);
    EvalOutcome outcome;
    QEventLoop loop;
    QObject::connect(&evaluation, &SingleEvaluation::calibrationLine, &loop,
                     [quiet](const QString &line) {
                         if (!quiet)
                             err(line);
                     });
    QObject::connect(
        &evaluation, &SingleEvaluation::calibrationFailed, &loop, [](const QString &e) {
            err(u"kwb: "_s + e);
            err(u"kwb: "_s + Kwb::tr("continuing without calibration: % of peak and the "
                                     "bottleneck class will be missing"));
        });
    QObject::connect(&evaluation, &SingleEvaluation::harnessLine, &loop,
                     [quiet](const QString &line) {
                         if (!quiet)
                             err(u"  │ "_s + line);
                     });
    QObject::connect(&evaluation, &SingleEvaluation::finished, &loop, [&](const EvalOutcome &o) {
        outcome = o;
        loop.quit();
    });
    evaluation.start(candidate, recalibrate);
    loop.exec();
    return outcome;
}

} // namespace

int kwb::cli::cmdEval(const QStringList &args)
{
    QCommandLineParser p;
    addEvalOptions(p);
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb eval"_s, &exit))
        return exit;
    if (p.positionalArguments().size() != 1) {
        err(u"kwb eval: "_s + Kwb::tr("expected exactly one workload file") + u'\n' + p.helpText());
        return ExitUsage;
    }
    auto loaded = loadAll(p.positionalArguments().first());
    if (!loaded || !applyOverrides(p, loaded->workload))
        return ExitUsage;
    const Workload &w = loaded->workload;
    const std::optional<Candidate> candidate = chooseSource(p, w, loaded->target);
    if (!candidate)
        return ExitUsage;
    const QString hash = SessionStore::sourceHash(candidate->source);

    std::unique_ptr<SessionStore> session;
    QString workRoot = defaultWorkRoot(w.workKey());
    if (p.isSet(u"session"_s)) {
        session = openSession(u"kwb eval"_s, p.value(u"session"_s), w, loaded->target);
        if (!session)
            return ExitUsage;
        workRoot = session->dir() + u"/work"_s;
        if (auto answered = answerFromSession(p, *session, *loaded, *candidate, hash))
            return *answered;
    }

    const QString hostSpec = p.isSet(u"host"_s) ? p.value(u"host"_s) : w.hosts.value(0, u"local"_s);
    std::unique_ptr<Host> host = openHost(hostSpec, w, p, u"kwb eval"_s);
    if (!host)
        return ExitInfra;
    if (!host->isLocal())
        workRoot += u"@"_s + hostSpec; // the local mirror of what the host gets
    const QString startedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const EvalOutcome outcome =
        evaluate(*loaded, *host, workRoot, *candidate, p.isSet(u"recalibrate"_s),
                 p.isSet(u"quiet"_s) || p.isSet(u"json"_s));

    QString error;
    if (session &&
        !recordSingleEvaluation(*session, *candidate, outcome, hostSpec, startedAt, &error)) {
        err(u"kwb eval: "_s + Kwb::tr("could not record the evaluation: %1").arg(error));
        return ExitInfra;
    }
    if (outcome.infra) {
        // A GPU target on a host without its GPU still compiled the kernel:
        // its resource figures are shown, and kept with --json and --session.
        const QString learnt = formatLearntBeforeInfra(loaded->target, outcome.result);
        err(u"kwb eval: "_s +
            (learnt.isEmpty()
                 ? Kwb::tr("infrastructure failure (nothing is known about the kernel): %1")
                       .arg(outcome.infraMessage)
                 : Kwb::tr("infrastructure failure (no verdict and no time for the kernel): %1")
                       .arg(outcome.infraMessage)));
        if (!learnt.isEmpty()) {
            err(u"kwb eval: "_s + learnt);
            if (p.isSet(u"json"_s))
                out(qs(outcome.result.document.dump(2)) + u'\n');
        }
        return ExitInfra;
    }
    if (p.isSet(u"json"_s))
        out(qs(outcome.result.document.dump(2)) + u'\n');
    else
        out(formatSummary(w, outcome.result, candidate->label, hash, hostSpec));
    return exitFor(outcome.result);
}
