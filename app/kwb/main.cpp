// kwb: the headless face of Kernel Workbench. Thin by design: everything it
// does is a call into core, so the GUI and the tests do the same things.

#include "cli.h"
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "kwbtr.h"
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/llmplanner.h"
#include "planning/planner.h"
#include "remote/remotecommand.h"
#include "remote/sshconnection.h"
#include "report.h"
#include "run/evaluation.h"
#include "session/sessionstore.h"
#include "summary.h"
#include "targets/targetprofile.h"
#include "util/language.h"
#include "util/version.h"
#include "workload/workload.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

using namespace kwb;
using namespace kwb::cli;
using namespace Qt::Literals::StringLiterals;

namespace {

QString versionText()
{
    return versionLine(u"kwb"_s);
}

QString usage()
{
    return Kwb::tr(
        "usage: kwb COMMAND [options]\n"
        "\n"
        "Commands:\n"
        "  run WORKLOAD --session DIR\n"
        "                     run the optimization loop (built-in knob search); run\n"
        "                     again with --session DIR alone to resume\n"
        "  report DIR         list a session's candidates (--csv, --json)\n"
        "  export DIR         a session's knob measurements as a Kernel Tuner cache file\n"
        "  import CACHE --session DIR [WORKLOAD]\n"
        "                     add a Kernel Tuner cache file's measurements to a session\n"
        "  simulate WORKLOAD --cache FILE\n"
        "                     replay the search strategies against a recorded space\n"
        "  hosts check WORKLOAD\n"
        "                     is every host reachable, authenticated, equipped?\n"
        "  eval WORKLOAD      compile, check and time one kernel of a workload and\n"
        "                     print a summary (the starting kernel unless --knob or\n"
        "                     --kernel says otherwise)\n"
        "  validate WORKLOAD  check a workload file and describe its knob space\n"
        "  calibrate          measure this host's peak FLOP/s and memory bandwidth\n"
        "  targets            list the target profiles kwb can find\n"
        "\n"
        "Run 'kwb COMMAND --help' for a command's options.\n"
        "Exit status: 0 ok, 1 the kernel failed (compile, wrong, crash, timeout),\n"
        "2 bad input, 3 the host or harness failed.\n");
}

int exitFor(const EvalResult &r)
{
    if (r.failureClass == u"reference"_s)
        return ExitUsage; // the workload is broken, not the kernel
    return r.failed() ? ExitKernelFailed : ExitOk;
}

// The peaks of this machine for `target` (kwb calibrate): from the cache
// unless `force`; progress on stderr unless `quiet`.
std::optional<Calibration> calibrate(const TargetProfile &target, const QString &workRoot,
                                     bool force, bool quiet)
{
    HostCalibration calibration;
    std::optional<Calibration> result;
    QEventLoop loop;
    QObject::connect(&calibration, &HostCalibration::consoleLine, &loop, [quiet](const QString &l) {
        if (!quiet)
            err(l);
    });
    QObject::connect(&calibration, &HostCalibration::failed, &loop,
                     [](const QString &e) { err(u"kwb: "_s + e); });
    QObject::connect(&calibration, &HostCalibration::finished, &loop,
                     [&](const std::optional<Calibration> &c) {
                         result = c;
                         loop.quit();
                     });
    calibration.start(target, nullptr, workRoot, force);
    loop.exec();
    return result;
}

int cmdEval(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        Kwb::tr("Compile, check and time one kernel of a workload on the local host."));
    p.addHelpOption();
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
    if (!p.parse(args)) {
        err(u"kwb eval: "_s + p.errorText());
        return ExitUsage;
    }
    if (p.isSet(u"help"_s)) {
        out(p.helpText());
        return ExitOk;
    }
    if (p.positionalArguments().size() != 1) {
        err(u"kwb eval: "_s + Kwb::tr("expected exactly one workload file") + u'\n' + p.helpText());
        return ExitUsage;
    }
    auto loaded = loadAll(p.positionalArguments().first());
    if (!loaded)
        return ExitUsage;
    Workload &w = loaded->workload;
    const TargetProfile &target = loaded->target;

    auto positiveInt = [&](const QString &opt, auto apply) {
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
    if (!positiveInt(u"seeds"_s,
                     [&](double v) {
                         w.correctness.seeds.clear();
                         for (qint64 s = 1; s <= qint64(v); ++s)
                             w.correctness.seeds.push_back(s);
                     }) ||
        !positiveInt(u"iters"_s, [&](double v) { w.benchmark.iters = int(v); }) ||
        !positiveInt(u"timeout"_s, [&](double v) { w.benchmark.timeoutSeconds = v; }))
        return ExitUsage;
    if (p.isSet(u"cold-cache"_s))
        w.benchmark.coldCache = true;

    // Which source: an explicit file, a template instance, or the starting kernel.
    QString source, label;
    Json knobs = Json::object();
    const QStringList assignments = p.values(u"knob"_s);
    if (p.isSet(u"kernel"_s) && !assignments.isEmpty()) {
        err(u"kwb eval: "_s + Kwb::tr("--kernel and --knob exclude each other"));
        return ExitUsage;
    }
    if (!assignments.isEmpty()) {
        QStringList errors;
        auto config = w.knobs.parseAssignments(assignments, &errors);
        if (!config) {
            for (const QString &e : std::as_const(errors))
                err(u"kwb eval: "_s + e);
            return ExitUsage;
        }
        const ValidityReport report = w.knobs.check(*config);
        if (!report.ok()) {
            err(u"kwb eval: "_s +
                Kwb::tr("invalid knob configuration %1:").arg(w.knobs.describe(*config)) +
                u"\n  "_s + report.toString().replace(u"\n"_s, u"\n  "_s));
            return ExitUsage;
        }
        QString error;
        source = instantiateTemplate(w, target, *config, &error);
        if (!error.isEmpty()) {
            err(u"kwb eval: "_s + error);
            return ExitUsage;
        }
        label = QFileInfo(w.templatePath).fileName() + u" ["_s + w.knobs.describe(*config) + u']';
        knobs = w.knobs.toJson(*config);
    } else {
        const QString file = p.isSet(u"kernel"_s)
                                 ? QFileInfo(p.value(u"kernel"_s)).absoluteFilePath()
                                 : w.kernelPath;
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly)) {
            err(u"kwb eval: "_s + Kwb::tr("cannot read kernel %1: %2").arg(file, f.errorString()));
            return ExitUsage;
        }
        source = QString::fromUtf8(f.readAll());
        label = QFileInfo(file).fileName();
    }
    const QString hash = SessionStore::sourceHash(source);

    std::unique_ptr<SessionStore> session;
    QString workRoot = defaultWorkRoot(w);
    if (p.isSet(u"session"_s)) {
        session = openSession(u"kwb eval"_s, p.value(u"session"_s), w, target);
        if (!session)
            return ExitUsage;
        workRoot = session->dir() + u"/work"_s;
        if (const ExperimentRecord *cached = session->findBySourceHash(hash)) {
            QString parseError;
            auto result =
                parseResult(QByteArray::fromStdString(cached->result.dump()), target, &parseError);
            if (result) {
                // The stored document is already enriched; re-read its verdicts.
                result->bottleneck = qs(stringAt(cached->result, {"bottleneck", "class"}));
                result->bottleneckWhy = qs(stringAt(cached->result, {"bottleneck", "why"}));
                if (p.isSet(u"json"_s)) {
                    out(qs(cached->result.dump(2)) + u'\n');
                } else {
                    out(Kwb::tr("(answered from the session cache: candidate #%1 has the same "
                                "normalized source)")
                            .arg(cached->id) +
                        u'\n');
                    out(formatSummary(w, *result, label, hash, cached->host));
                }
                return exitFor(*result);
            }
        }
    }

    const bool quiet = p.isSet(u"quiet"_s) || p.isSet(u"json"_s);
    const QString hostSpec = p.isSet(u"host"_s) ? p.value(u"host"_s) : w.hosts.value(0, u"local"_s);
    std::unique_ptr<Host> host = openHost(hostSpec, w, p, u"kwb eval"_s);
    if (!host)
        return ExitInfra;
    if (!host->isLocal())
        workRoot += u"@"_s + hostSpec; // the local mirror of what the host gets
    // Calibrate, evaluate and record: core/run/evaluation, as the loop does.
    SingleEvaluation evaluation(w, target, *host, workRoot);
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
    const QString startedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const Candidate candidate{source, u"human"_s, knobs, label, {}};
    evaluation.start(candidate, p.isSet(u"recalibrate"_s));
    loop.exec();

    QString error;
    if (session &&
        !recordSingleEvaluation(*session, candidate, outcome, hostSpec, startedAt, &error)) {
        err(u"kwb eval: "_s + Kwb::tr("could not record the evaluation: %1").arg(error));
        return ExitInfra;
    }

    if (outcome.infra) {
        err(u"kwb eval: "_s +
            Kwb::tr("infrastructure failure (nothing is known about the kernel): %1")
                .arg(outcome.infraMessage));
        return ExitInfra;
    }
    if (p.isSet(u"json"_s))
        out(qs(outcome.result.document.dump(2)) + u'\n');
    else
        out(formatSummary(w, outcome.result, label, hash, hostSpec));
    return exitFor(outcome.result);
}

// Ctrl-C arrives as a byte on a pipe, so the loop hears it on its own thread.
int g_signalPipe[2] = {-1, -1};

void onSigint(int)
{
    const char c = 1;
    (void)!::write(g_signalPipe[1], &c, 1);
}

QString formatDuration(qint64 ms)
{
    const qint64 s = ms / 1000;
    if (s >= 3600)
        return QString::number(s / 3600) + u'h' +
               QString::number((s % 3600) / 60).rightJustified(2, u'0') + u'm';
    if (s >= 60)
        return QString::number(s / 60) + u'm' + QString::number(s % 60).rightJustified(2, u'0') +
               u's';
    return QString::number(s) + u's';
}

// The command line's --provider, --model, --base-url, --api-key-env,
// --llm-command, --no-llm-notes, --samples and --prompts, laid over the
// workload's `llm` object (the Workbench checks the result).
std::function<Json(const Json &)> llmLayer(const QCommandLineParser &p)
{
    Json over = Json::object();
    for (const auto &[option, key] :
         {std::pair{u"provider"_s, "provider"}, std::pair{u"model"_s, "model"},
          std::pair{u"base-url"_s, "base_url"}, std::pair{u"api-key-env"_s, "api_key_env"}}) {
        if (p.isSet(option))
            over[key] = ss(p.value(option));
    }
    if (p.isSet(u"llm-command"_s)) {
        over["command"] = Json::array();
        for (const QString &a : QProcess::splitCommand(p.value(u"llm-command"_s)))
            over["command"].push_back(ss(a));
        if (!p.isSet(u"provider"_s))
            over["provider"] = "command";
    }
    if (p.isSet(u"no-llm-notes"_s))
        over["notes"] = false;
    if (p.isSet(u"prompts"_s))
        over["prompts"] = ss(QFileInfo(p.value(u"prompts"_s)).absoluteFilePath());
    if (p.isSet(u"samples"_s)) {
        bool ok = false;
        const int n = p.value(u"samples"_s).toInt(&ok);
        over["samples"] = ok ? Json(n) : Json(ss(p.value(u"samples"_s)));
    }
    return [over](const Json &workloadLlm) {
        Json j = workloadLlm.is_object() ? workloadLlm : Json::object();
        for (const auto &[key, value] : over.items())
            j[key] = value;
        return j;
    };
}

// kwb run's options (its help lists them in this order).
void addRunOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(Kwb::tr("Run the optimization loop on the workload's hosts with "
                                        "the knob search or the LLM planner."));
    p.addHelpOption();
    p.addPositionalArgument(
        u"workload"_s, Kwb::tr("workload.json (not needed to resume a session)"), u"[workload]"_s);
    p.addOption(
        {u"session"_s, Kwb::tr("Session folder: created if new, resumed if it exists."), u"DIR"_s});
    p.addOption({u"strategy"_s,
                 Kwb::tr("Search strategy: model (default), coordinate, random, exhaustive."),
                 u"NAME"_s, u"model"_s});
    p.addOption({u"max-evals"_s,
                 Kwb::tr("Evaluate at most N candidates in this run (the starting kernel and "
                         "baselines count)."),
                 u"N"_s});
    p.addOption({u"time-limit"_s, Kwb::tr("Stop starting new rounds after S seconds."), u"S"_s});
    p.addOption({u"plateau"_s,
                 Kwb::tr("Stop after N rounds without improvement (default 8; 0 = never)."), u"N"_s,
                 u"8"_s});
    p.addOption({u"batch"_s,
                 Kwb::tr("Candidates proposed per round (default: the workload's batch, else 1)."),
                 u"N"_s});
    p.addOption(
        {u"parallel"_s,
         Kwb::tr("Evaluations at once on the local host (default 1, so timings do not interfere)."),
         u"N"_s, u"1"_s});
    p.addOption({u"seed"_s, Kwb::tr("Seed of the search (default 1)."), u"N"_s, u"1"_s});
    p.addOption({u"host"_s,
                 Kwb::tr("Run the evaluations on this host: local or user@host[:port] or an "
                         "~/.ssh/config alias; repeat for a pool (default: the workload's hosts)."),
                 u"HOST"_s});
    addHostOptions(p);
    p.addOption({u"planner"_s,
                 Kwb::tr("Who proposes candidates: search (the built-in knob search) or llm "
                         "(default: the workload's planner)."),
                 u"NAME"_s});
    p.addOption({u"provider"_s,
                 Kwb::tr("LLM provider: openai (any OpenAI-compatible server), anthropic, or "
                         "command (default: the workload's llm.provider)."),
                 u"NAME"_s});
    p.addOption(
        {u"model"_s, Kwb::tr("LLM model name (default: the workload's llm.model)."), u"MODEL"_s});
    p.addOption({u"base-url"_s,
                 Kwb::tr("Base URL of the LLM server (default: $OPENAI_BASE_URL or "
                         "$ANTHROPIC_BASE_URL, else the public API)."),
                 u"URL"_s});
    p.addOption({u"api-key-env"_s,
                 Kwb::tr("Environment variable holding the API key (default: OPENAI_API_KEY or "
                         "ANTHROPIC_API_KEY)."),
                 u"VAR"_s});
    p.addOption({u"llm-command"_s,
                 Kwb::tr("For --provider command: the program that reads the prompt on stdin and "
                         "answers on stdout, with its arguments."),
                 u"CMD"_s});
    p.addOption({u"no-llm-notes"_s, Kwb::tr("Let the rules, not the LLM, write the optimization "
                                            "memory and the reflexions (fewer calls).")});
    p.addOption({u"samples"_s,
                 Kwb::tr("Kernels the executor writes for each plan (default: the workload's "
                         "llm.samples, else 1); a round's batch holds plans times samples."),
                 u"N"_s});
    p.addOption({u"prompts"_s,
                 Kwb::tr("A folder of your own prompt templates (planner.md, executor.md, …), used "
                         "before the built-in ones."),
                 u"DIR"_s});
    p.addOption({u"max-cost"_s,
                 Kwb::tr("Stop when the session's LLM calls have cost this many US$ (prices: "
                         "llm.price_in and llm.price_out per million tokens)."),
                 u"USD"_s});
    p.addOption({u"quiet"_s, Kwb::tr("Print only the candidate lines and the summary.")});
}

// The run's options from the command line: only options; the Workbench
// assembles the run, as it does for the window. Problems are printed.
std::optional<RunOptions> runOptionsFrom(const QCommandLineParser &p)
{
    RunOptions options;
    if (p.isSet(u"batch"_s)) {
        bool ok = false;
        options.batch = p.value(u"batch"_s).toInt(&ok);
        if (!ok || options.batch < 1) {
            err(u"kwb run: "_s + Kwb::tr("--batch takes a positive number of candidates"));
            return std::nullopt;
        }
    }
    const auto strategy = parseStrategy(p.value(u"strategy"_s));
    if (!strategy) {
        err(u"kwb run: "_s +
            Kwb::tr("unknown strategy '%1' (model, coordinate, random, exhaustive)")
                .arg(p.value(u"strategy"_s)));
        return std::nullopt;
    }
    if (p.isSet(u"prompts"_s) && !QFileInfo(p.value(u"prompts"_s)).isDir()) {
        err(u"kwb run: "_s + Kwb::tr("--prompts: %1 is not a folder")
                                 .arg(QFileInfo(p.value(u"prompts"_s)).absoluteFilePath()));
        return std::nullopt;
    }
    options.strategy = *strategy;
    options.seed = p.value(u"seed"_s).toULongLong();
    options.planner = p.value(u"planner"_s);
    options.llmLayer = llmLayer(p);
    options.hosts = p.values(u"host"_s);
    options.requireEveryHost = true; // the user named them: one missing stops the run
    options.acceptNewHostKey = p.isSet(u"accept-new-host-key"_s);
    options.parallel = std::max(1, p.value(u"parallel"_s).toInt());
    options.loop.maxEvals = p.value(u"max-evals"_s).toInt();
    options.loop.timeLimitS = p.value(u"time-limit"_s).toDouble();
    options.loop.plateauRounds = std::max(0, p.value(u"plateau"_s).toInt());
    options.loop.maxCost = p.value(u"max-cost"_s).toDouble();

    return options;
}

int cmdRun(const QStringList &args)
{
    QCommandLineParser p;
    addRunOptions(p);
    if (!p.parse(args)) {
        err(u"kwb run: "_s + p.errorText());
        return ExitUsage;
    }
    if (p.isSet(u"help"_s)) {
        out(p.helpText());
        return ExitOk;
    }
    if (!p.isSet(u"session"_s)) {
        err(u"kwb run: "_s + Kwb::tr("--session DIR is required (the session is where the run is "
                                     "recorded and resumed)"));
        return ExitUsage;
    }
    const QString dir = p.value(u"session"_s);
    const QString workloadPath = p.positionalArguments().value(0);
    const bool resuming = SessionStore::exists(dir);
    if (workloadPath.isEmpty() && !resuming) {
        err(u"kwb run: "_s +
            Kwb::tr("%1 is not a session yet; name the workload to start one").arg(dir));
        return ExitUsage;
    }

    const std::optional<RunOptions> parsed = runOptionsFrom(p);
    if (!parsed)
        return ExitUsage;
    const RunOptions &options = *parsed;
    QString error;
    std::unique_ptr<Workbench> wb = workloadPath.isEmpty()
                                        ? Workbench::open(dir, &error, options)
                                        : Workbench::create(workloadPath, dir, &error, options);
    if (!wb) {
        err(u"kwb run: "_s + error);
        return ExitUsage;
    }
    for (const QString &warning : wb->warnings())
        err(u"kwb: "_s + warning);
    wb->setSshPrompts(terminalPrompts(p));
    const bool quiet = p.isSet(u"quiet"_s);
    const Workload &w = wb->workload();
    SessionStore &session = wb->session();
    const QString hostSpec = wb->hostSpecs().join(u", "_s);

    QObject::connect(wb.get(), &Workbench::consoleLine, wb.get(), [quiet](const QString &line) {
        if (!quiet)
            err(u"  "_s + line);
    });
    QObject::connect(wb.get(), &Workbench::errorOccurred, wb.get(),
                     [](const QString &m) { err(u"kwb run: "_s + m); });
    // Progress: a line per candidate on stdout; a bar with an ETA on a terminal.
    const bool tty = ::isatty(2) && !quiet;
    QElapsedTimer clock;
    clock.start();
    const int planned =
        options.loop.maxEvals > 0 ? options.loop.maxEvals : w.rounds * std::max(1, w.batch);
    auto bar = [&](const QString &what) {
        const OptimizationLoop *loop = wb->loop();
        if (!tty || !loop)
            return;
        const int done = loop->evaluationsThisRun();
        const int width = 24;
        const int filled = planned > 0 ? std::min(width, done * width / planned) : 0;
        QString eta;
        if (done > 0 && planned > done)
            eta = u" · "_s +
                  Kwb::tr("ETA %1").arg(formatDuration(clock.elapsed() * (planned - done) / done));
        const QString line = Kwb::tr("[%1%2] %3/%4 · round %5 · %6")
                                 .arg(QString(filled, u'#'), QString(width - filled, u'.'))
                                 .arg(done)
                                 .arg(planned)
                                 .arg(loop->round())
                                 .arg(what) +
                             eta;
        std::fprintf(stderr, "\r\033[K  %s", line.toUtf8().constData());
        std::fflush(stderr);
    };
    auto clearBar = [&] {
        if (tty)
            std::fputs("\r\033[K", stderr);
    };
    double startMs = NAN;
    QObject::connect(wb.get(), &Workbench::loopCreated, wb.get(), [&](OptimizationLoop *loop) {
        if (resuming && !session.experiments().empty())
            out(Kwb::tr("resuming %1: %n candidates recorded", nullptr,
                        int(session.experiments().size()))
                    .arg(session.dir()) +
                u'\n');
        else
            out(Kwb::tr("%1: %2 on %3, session %4")
                    .arg(w.name, wb->planner()->name(), hostSpec, session.dir()) +
                u'\n');
        out(recordHeader() + u'\n');
        QObject::connect(
            loop, &OptimizationLoop::evaluationStarted, loop, [&](const Proposal &prop) {
                bar(Kwb::tr("evaluating #%1 %2").arg(prop.id).arg(prop.label.left(40)));
            });
        QObject::connect(
            loop, &OptimizationLoop::infraRetry, loop,
            [&](int id, int attempt, const QString &message) {
                clearBar();
                err(u"  "_s +
                    Kwb::tr("#%1: host problem, retry %2: %3").arg(id).arg(attempt).arg(message));
            });
        QObject::connect(loop, &OptimizationLoop::candidateFinished, loop,
                         [&, loop](const ExperimentRecord &r) {
                             if (const ExperimentRecord *s = loop->startRecord();
                                 s && std::isnan(startMs) && s->result.is_object())
                                 startMs = trustedMedianMs(*s);
                             clearBar();
                             out(recordLine(r, startMs) + u'\n');
                         });
        QObject::connect(
            loop, &OptimizationLoop::reverted, loop, [&](int from, int to, const QString &cause) {
                if (from != to && !quiet) {
                    clearBar();
                    out(u"        ↩ "_s +
                        Kwb::tr("#%1 reverted to #%2: %3").arg(from).arg(to).arg(cause) + u'\n');
                }
            });
    });
    QObject::connect(
        wb.get(), &Workbench::hostStateChanged, wb.get(), [](const QString &name, bool up) {
            err(u"kwb run: "_s +
                (up ? Kwb::tr("host %1 is up again").arg(name)
                    : Kwb::tr("host %1 is down; its work goes to the others").arg(name)));
        });

    StopReason reason = StopReason::Error;
    QString detail;
    QEventLoop events;
    QObject::connect(wb.get(), &Workbench::finished, &events, [&](StopReason r, const QString &d) {
        reason = r;
        detail = d;
        events.quit();
    });

    // Ctrl-C once: finish and record the running candidate, then stop.
    // Twice: abandon it (nothing is recorded for it) and stop.
    int interrupts = 0;
    if (::pipe(g_signalPipe) == 0) {
        ::fcntl(g_signalPipe[0], F_SETFD, FD_CLOEXEC);
        ::fcntl(g_signalPipe[1], F_SETFD, FD_CLOEXEC);
        std::signal(SIGINT, onSigint);
        std::signal(SIGTERM, onSigint);
    }
    QSocketNotifier notifier(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &events, [&] {
        char c;
        (void)!::read(g_signalPipe[0], &c, 1);
        clearBar();
        OptimizationLoop *loop = wb->loop();
        if (!loop) { // still connecting or calibrating: nothing to record
            err(u"kwb run: "_s + Kwb::tr("stopped before the first evaluation"));
            reason = StopReason::Stopped;
            detail = Kwb::tr("stopped by the engineer");
            events.quit();
            return;
        }
        if (++interrupts == 1) {
            err(u"kwb run: "_s + Kwb::tr("stopping after the running candidate is recorded (Ctrl-C "
                                         "again to abandon it)"));
            loop->stop();
        } else {
            err(u"kwb run: "_s + Kwb::tr("abandoning the running candidate"));
            loop->abort();
        }
    });

    bool ended = false; // a run that cannot start ends within run()
    QObject::connect(wb.get(), &Workbench::finished, &events, [&] { ended = true; });
    wb->run(LoopMode::Autopilot);
    if (!ended)
        events.exec();
    clearBar();
    if (!wb->loop()) // it never started: a host or the planner (said above)
        return reason == StopReason::Stopped ? ExitOk : ExitInfra;
    const OptimizationLoop &loop = *wb->loop();
    out(u"\n"_s + stopReasonName(reason) + u": "_s + detail + u'\n');
    out(runSummary(session, loop.startRecord() ? loop.startRecord()->id : 0,
                   loop.best() ? loop.best()->id : 0, loop.evaluationsThisRun()));
    if (reason == StopReason::Stopped)
        out(Kwb::tr("resume with: kwb run --session %1").arg(session.dir()) + u'\n');
    return reason == StopReason::Error ? ExitInfra : ExitOk;
}

int cmdReport(const QStringList &args)
{
    QCommandLineParser p;
    p.addHelpOption();
    p.addPositionalArgument(u"session"_s, Kwb::tr("session folder"));
    p.addOption({u"csv"_s, Kwb::tr("Comma-separated values, one row per candidate.")});
    p.addOption({u"json"_s, Kwb::tr("The records as JSON.")});
    if (!p.parse(args) || p.positionalArguments().size() != 1) {
        err(Kwb::tr("usage: kwb report DIR [--csv | --json]"));
        return ExitUsage;
    }
    QString error;
    auto session = SessionStore::open(p.positionalArguments().first(), &error);
    if (!session) {
        err(u"kwb report: "_s + error);
        return ExitUsage;
    }
    for (const QString &warning : session->warnings())
        err(u"kwb: "_s + Kwb::tr("warning: %1").arg(warning));
    if (p.isSet(u"csv"_s))
        out(reportCsv(*session));
    else if (p.isSet(u"json"_s))
        out(reportJson(*session));
    else
        out(reportTable(*session));
    return ExitOk;
}

int cmdValidate(const QStringList &args)
{
    QCommandLineParser p;
    p.addHelpOption();
    p.addPositionalArgument(u"workload"_s, u"workload.json"_s);
    if (!p.parse(args) || p.positionalArguments().size() != 1) {
        err(Kwb::tr("usage: kwb validate WORKLOAD"));
        return ExitUsage;
    }
    auto loaded = loadAll(p.positionalArguments().first());
    if (!loaded)
        return ExitUsage;
    const Workload &w = loaded->workload;
    QString text =
        Kwb::tr("%1: ok — %2 for %3, goal %4").arg(w.path, w.name, w.target, w.goal.metric) +
        (w.goal.higherIsBetter ? u" ≥ "_s : u" ≤ "_s) + QString::number(w.goal.target) + u'\n';
    if (w.flops > 0)
        text += u"  "_s +
                Kwb::tr("work: %1 GFLOP, %2 MB compulsory traffic")
                    .arg(w.flops / 1e9, 0, 'g', 4)
                    .arg(w.bytes / 1e6, 0, 'g', 4) +
                u'\n';
    if (!w.knobs.isEmpty()) {
        // A huge space is sampled, never walked: validate stays instant.
        const KnobSpace::ValidCount valid = w.knobs.countValid();
        text += u"  "_s +
                Kwb::tr("knobs: %1, %2 configurations, %3 valid under %4 constraint(s)")
                    .arg(QString::number(w.knobs.knobs().size()),
                         QString::number(w.knobs.cardinality(), 'g', 10),
                         valid.exact ? QString::number(qint64(valid.count))
                                     : u"≈"_s + QString::number(valid.count, 'g', 3),
                         QString::number(w.knobs.constraints().size())) +
                u'\n';
        for (const Knob &k : w.knobs.knobs())
            text += u"    "_s + k.name.leftJustified(8) + u' ' + k.domainText() + u'\n';
    }
    out(text);
    return ExitOk;
}

int cmdCalibrate(const QStringList &args)
{
    QCommandLineParser p;
    p.addHelpOption();
    p.addOption({u"target"_s, Kwb::tr("Target profile (default cpu-cxx)."), u"ID"_s, u"cpu-cxx"_s});
    p.addOption({u"force"_s, Kwb::tr("Measure again even if a cached calibration exists.")});
    p.addOption({u"json"_s, Kwb::tr("Print the calibration document.")});
    if (!p.parse(args)) {
        err(u"kwb calibrate: "_s + p.errorText());
        return ExitUsage;
    }
    Diagnostic d;
    auto target = TargetRegistry::load(p.value(u"target"_s), &d);
    if (!target) {
        err(u"kwb calibrate: "_s + d.toString());
        return ExitUsage;
    }
    const QString root = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                         u"/kernel-workbench/work/calibration"_s;
    auto c = calibrate(*target, root, p.isSet(u"force"_s), p.isSet(u"json"_s));
    if (!c)
        return ExitInfra;
    if (p.isSet(u"json"_s)) {
        out(qs(c->toJson().dump(2)) + u'\n');
    } else if (!c->device.isEmpty()) {
        QStringList peaks;
        for (const auto &[precision, gflops] : c->peaks)
            peaks << precision + u' ' + QString::number(gflops / 1000.0, 'f', 1);
        out(Kwb::tr("local (%1): peak TFLOP/s %2; memory bandwidth %3 GB/s")
                .arg(c->device, peaks.join(u", "_s), QString::number(c->peakGbs, 'f', 0)) +
            (c->fromCache
                 ? u"  "_s + Kwb::tr("[cached %1; --force to measure again]").arg(c->measuredAt)
                 : QString()) +
            u'\n');
    } else {
        out(Kwb::tr("local (%1): peak %2 GFLOP/s (1 core, %3), memory bandwidth %4 GB/s, ridge %5 "
                    "FLOP/byte")
                .arg(c->cpu, QString::number(c->peakGflops, 'f', 1), c->precision,
                     QString::number(c->peakGbs, 'f', 1),
                     QString::number(c->peakGflops / c->peakGbs, 'f', 1)) +
            (c->fromCache
                 ? u"  "_s + Kwb::tr("[cached %1; --force to measure again]").arg(c->measuredAt)
                 : QString()) +
            u'\n');
    }
    return ExitOk;
}

int cmdTargets(const QStringList &)
{
    for (const QString &id : TargetRegistry::availableIds()) {
        Diagnostic d;
        auto t = TargetRegistry::load(id, &d);
        out(id.leftJustified(10) + u' ' +
            (t ? QString(t->name + u"  ("_s + t->dir + u')')
               : Kwb::tr("broken: %1").arg(d.toString())) +
            u'\n');
    }
    return ExitOk;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"kwb"_s);
    QCoreApplication::setOrganizationName(u"kernel-workbench"_s);
    QCoreApplication::setApplicationVersion(version());
    // The language of the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG),
    // or KWB_LANGUAGE=de|ja|en.
    language::install(qEnvironmentVariable("KWB_LANGUAGE"));

    QStringList args = QCoreApplication::arguments();
    const QString command = args.size() > 1 ? args[1] : QString();
    if (command == u"--version"_s || command == u"-v"_s) {
        out(versionText() + u'\n');
        return ExitOk;
    }
    if (command.isEmpty() || command == u"--help"_s || command == u"-h"_s || command == u"help"_s) {
        out(usage());
        return command.isEmpty() ? ExitUsage : ExitOk;
    }
    // QCommandLineParser wants the program name first.
    args.removeAt(1);
    static const std::pair<const char16_t *, int (*)(const QStringList &)> commands[] = {
        {u"eval", cmdEval},           {u"run", cmdRun},
        {u"report", cmdReport},       {u"validate", cmdValidate},
        {u"calibrate", cmdCalibrate}, {u"targets", cmdTargets},
        {u"export", cmdExport},       {u"import", cmdImport},
        {u"simulate", cmdSimulate},   {u"hosts", cmdHosts},
    };
    for (const auto &[name, run] : commands) {
        if (command != QStringView(name))
            continue;
        // Every reader checks what it reads; should one still meet a value
        // it did not expect, kwb says so and exits instead of aborting.
        try {
            return run(args);
        } catch (const std::exception &e) {
            err(u"kwb: "_s +
                Kwb::tr("internal error: %1 (please report it with the file that caused it)")
                    .arg(QString::fromUtf8(e.what())));
            return ExitInfra;
        }
    }
    err(u"kwb: "_s + Kwb::tr("unknown command '%1'").arg(command) + u'\n' + usage());
    return ExitUsage;
}
