// kwb run: the command line's options for a run, and what it prints while
// the Workbench (core/run) runs the loop.
#include "cli.h"
#include "kwbtr.h"
#include "loop/loop.h"
#include "planning/planner.h"
#include "report.h"
#include "run/workbench.h"
#include "session/record.h"
#include "session/sessionstore.h"
#include "util/duration.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QProcess>
#include <QSocketNotifier>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

using namespace kwb;
using namespace kwb::cli;
using namespace Qt::Literals::StringLiterals;

namespace {

// Ctrl-C arrives as a byte on a pipe, so the loop hears it on its own thread.
int g_signalPipe[2] = {-1, -1};

void onSigint(int)
{
    const char c = 1;
    (void)!::write(g_signalPipe[1], &c, 1);
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
    p.addOption({u"goal"_s,
                 Kwb::tr("This run's goal for the workload's metric (default: the workload's "
                         "goal); with --session alone it continues a run that reached its goal."),
                 u"VALUE"_s});
    p.addOption({u"rounds"_s,
                 Kwb::tr("The round limit of the session (default: the workload's rounds); raise "
                         "it to continue a run that reached its limit."),
                 u"N"_s});
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
                 Kwb::tr("Run the evaluations on this host: local, user@host[:port], an "
                         "~/.ssh/config alias or a Slurm cluster (slurm://LOGIN?partition=…); "
                         "repeat for a pool (default: the workload's hosts)."),
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
    // A positive count, or 0 when the option is not given; false (said) when bad.
    auto count = [&p](const QString &option, const QString &complaint, int *value) {
        if (!p.isSet(option))
            return true;
        bool ok = false;
        *value = p.value(option).toInt(&ok);
        if (ok && *value >= 1)
            return true;
        err(u"kwb run: "_s + complaint);
        return false;
    };
    if (!count(u"batch"_s, Kwb::tr("--batch takes a positive number of candidates"),
               &options.batch) ||
        !count(u"rounds"_s, Kwb::tr("--rounds takes a positive number of rounds"), &options.rounds))
        return std::nullopt;
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
    if (p.isSet(u"goal"_s)) {
        bool ok = false;
        options.goal = p.value(u"goal"_s).toDouble(&ok);
        if (!ok || !std::isfinite(*options.goal)) {
            err(u"kwb run: "_s +
                Kwb::tr("--goal takes a number, got '%1'").arg(p.value(u"goal"_s)));
            return std::nullopt;
        }
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

// What kwb run prints while the run goes: a header when the loop starts and
// a line per candidate on stdout; reverts, retries, hosts going down and up,
// and on a terminal a progress bar with an ETA, on stderr.
class RunConsole
{
public:
    RunConsole(Workbench &wb, int planned, bool resuming, bool quiet)
        : m_wb(wb), m_planned(planned), m_resuming(resuming), m_quiet(quiet),
          m_tty(::isatty(2) && !quiet)
    {
        m_clock.start();
        QObject::connect(&wb, &Workbench::consoleLine, &wb, [quiet](const QString &line) {
            if (!quiet)
                err(u"  "_s + line);
        });
        QObject::connect(&wb, &Workbench::errorOccurred, &wb,
                         [](const QString &m) { err(u"kwb run: "_s + m); });
        QObject::connect(&wb, &Workbench::hostStateChanged, &wb, [](const QString &name, bool up) {
            err(u"kwb run: "_s +
                (up ? Kwb::tr("host %1 is up again").arg(name)
                    : Kwb::tr("host %1 is down; its work goes to the others").arg(name)));
        });
        QObject::connect(&wb, &Workbench::loopCreated, &wb,
                         [this](OptimizationLoop *loop) { attach(loop); });
    }

    void clearBar() const
    {
        if (m_tty)
            std::fputs("\r\033[K", stderr);
    }

private:
    void attach(OptimizationLoop *loop)
    {
        printHeader();
        QObject::connect(
            loop, &OptimizationLoop::evaluationStarted, loop, [this](const Proposal &prop) {
                bar(Kwb::tr("evaluating #%1 %2").arg(prop.id).arg(prop.label.left(40)));
            });
        QObject::connect(
            loop, &OptimizationLoop::infraRetry, loop,
            [this](int id, int attempt, const QString &message) {
                clearBar();
                err(u"  "_s +
                    Kwb::tr("#%1: host problem, retry %2: %3").arg(id).arg(attempt).arg(message));
            });
        QObject::connect(loop, &OptimizationLoop::candidateFinished, loop,
                         [this, loop](const ExperimentRecord &r) {
                             if (const ExperimentRecord *s = loop->startRecord();
                                 s && std::isnan(m_startMs) && s->result.exists())
                                 m_startMs = trustedMedianMs(*s);
                             clearBar();
                             out(recordLine(r, m_startMs) + u'\n');
                         });
        QObject::connect(
            loop, &OptimizationLoop::reverted, loop,
            [this](int from, int to, const QString &cause) {
                if (from != to && !m_quiet) {
                    clearBar();
                    out(u"        ↩ "_s +
                        Kwb::tr("#%1 reverted to #%2: %3").arg(from).arg(to).arg(cause) + u'\n');
                }
            });
    }

    void printHeader() const
    {
        const SessionStore &session = m_wb.session();
        if (m_resuming && !session.experiments().empty())
            out(Kwb::tr("resuming %1: %n candidates recorded", nullptr,
                        int(session.experiments().size()))
                    .arg(session.dir()) +
                u'\n');
        else
            out(Kwb::tr("%1: %2 on %3, session %4")
                    .arg(m_wb.workload().name, m_wb.planner()->name(),
                         m_wb.hostSpecs().join(u", "_s), session.dir()) +
                u'\n');
        out(recordHeader() + u'\n');
    }

    void bar(const QString &what) const
    {
        const OptimizationLoop *loop = m_wb.loop();
        if (!m_tty || !loop)
            return;
        const int done = loop->evaluationsThisRun();
        const int width = 24;
        const int filled = m_planned > 0 ? std::min(width, done * width / m_planned) : 0;
        QString eta;
        if (done > 0 && m_planned > done)
            eta = u" · "_s + Kwb::tr("ETA %1").arg(
                                 formatDuration(m_clock.elapsed() * (m_planned - done) / done));
        const QString line = Kwb::tr("[%1%2] %3/%4 · round %5 · %6")
                                 .arg(QString(filled, u'#'), QString(width - filled, u'.'))
                                 .arg(done)
                                 .arg(m_planned)
                                 .arg(loop->round())
                                 .arg(what) +
                             eta;
        std::fprintf(stderr, "\r\033[K  %s", line.toUtf8().constData());
        std::fflush(stderr);
    }

    Workbench &m_wb;
    const int m_planned;
    const bool m_resuming, m_quiet, m_tty;
    QElapsedTimer m_clock;
    double m_startMs = NAN;
};

// Ctrl-C once: finish and record the running candidate, then stop. Twice:
// abandon it (nothing is recorded for it) and stop. Before the loop exists
// (connecting, calibrating) there is nothing to record: `stopNow` runs.
class Interrupts
{
public:
    Interrupts(Workbench &wb, const RunConsole &console, std::function<void()> stopNow)
    {
        if (::pipe(g_signalPipe) != 0)
            return; // Ctrl-C then ends kwb at once, as it would anyway
        ::fcntl(g_signalPipe[0], F_SETFD, FD_CLOEXEC);
        ::fcntl(g_signalPipe[1], F_SETFD, FD_CLOEXEC);
        std::signal(SIGINT, onSigint);
        std::signal(SIGTERM, onSigint);
        m_notifier = std::make_unique<QSocketNotifier>(g_signalPipe[0], QSocketNotifier::Read);
        QObject::connect(
            m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(),
            [this, &wb, &console, stopNow = std::move(stopNow)] {
                char c;
                (void)!::read(g_signalPipe[0], &c, 1);
                console.clearBar();
                OptimizationLoop *loop = wb.loop();
                if (!loop) {
                    err(u"kwb run: "_s + Kwb::tr("stopped before the first evaluation"));
                    stopNow();
                } else if (++m_count == 1) {
                    err(u"kwb run: "_s + Kwb::tr("stopping after the running candidate is recorded "
                                                 "(Ctrl-C again to abandon it)"));
                    loop->stop();
                } else {
                    err(u"kwb run: "_s + Kwb::tr("abandoning the running candidate"));
                    loop->abort();
                }
            });
    }

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    int m_count = 0;
};

// The Workbench for `kwb run`: a new session from the workload, or the one
// in --session resumed. Problems are printed; nullptr then.
std::unique_ptr<Workbench> openRun(const QCommandLineParser &p, const RunOptions &options,
                                   bool *resuming)
{
    const QString dir = p.value(u"session"_s);
    const QString workloadPath = p.positionalArguments().value(0);
    *resuming = SessionStore::exists(dir);
    if (workloadPath.isEmpty() && !*resuming) {
        err(u"kwb run: "_s +
            Kwb::tr("%1 is not a session yet; name the workload to start one").arg(dir));
        return nullptr;
    }
    QString error;
    std::unique_ptr<Workbench> wb = workloadPath.isEmpty()
                                        ? Workbench::open(dir, &error, options)
                                        : Workbench::create(workloadPath, dir, &error, options);
    if (!wb) {
        err(u"kwb run: "_s + error);
        return nullptr;
    }
    for (const QString &warning : wb->warnings())
        err(u"kwb: "_s + warning);
    wb->setSshPrompts(terminalPrompts(p));
    return wb;
}

} // namespace

int kwb::cli::cmdRun(const QStringList &args)
{
    QCommandLineParser p;
    addRunOptions(p);
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb run"_s, &exit))
        return exit;
    if (!p.isSet(u"session"_s)) {
        err(u"kwb run: "_s + Kwb::tr("--session DIR is required (the session is where the run is "
                                     "recorded and resumed)"));
        return ExitUsage;
    }
    const std::optional<RunOptions> options = runOptionsFrom(p);
    if (!options)
        return ExitUsage;
    bool resuming = false;
    std::unique_ptr<Workbench> wb = openRun(p, *options, &resuming);
    if (!wb)
        return ExitUsage;

    const Workload &w = wb->workload();
    const int planned =
        options->loop.maxEvals > 0 ? options->loop.maxEvals : w.rounds * std::max(1, w.batch);
    const RunConsole console(*wb, planned, resuming, p.isSet(u"quiet"_s));
    StopReason reason = StopReason::Error;
    QString detail;
    bool ended = false; // a run that cannot start ends within run()
    QEventLoop events;
    QObject::connect(wb.get(), &Workbench::finished, &events, [&](StopReason r, const QString &d) {
        reason = r;
        detail = d;
        ended = true;
        events.quit();
    });
    const Interrupts interrupts(*wb, console, [&] {
        reason = StopReason::Stopped;
        detail = Kwb::tr("stopped by the engineer");
        events.quit();
    });
    wb->run(LoopMode::Autopilot);
    if (!ended)
        events.exec();
    console.clearBar();

    if (!wb->loop()) // it never started: a host or the planner (said above)
        return reason == StopReason::Stopped ? ExitOk : ExitInfra;
    const OptimizationLoop &loop = *wb->loop();
    const SessionStore &session = wb->session();
    out(u"\n"_s + stopReasonName(reason) + u": "_s + detail + u'\n');
    out(runSummary(session, loop.startRecord() ? loop.startRecord()->id : 0,
                   loop.best() ? loop.best()->id : 0, loop.evaluationsThisRun()));
    if (reason == StopReason::Stopped)
        out(Kwb::tr("resume with: kwb run --session %1").arg(session.dir()) + u'\n');
    return reason == StopReason::Error ? ExitInfra : ExitOk;
}
