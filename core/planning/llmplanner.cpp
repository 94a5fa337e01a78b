#include "llmplanner.h"

#include "eval/evaluator.h"
#include "llm/codeblocks.h"
#include "llm/prompts.h"
#include "memory/reflection.h"
#include "planning/guards.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

// The first line of a plan, as a title: markdown marks and numbering gone.
QString titleOf(const QString &plan)
{
    for (QString line : plan.split(u'\n')) {
        line = line.trimmed();
        while (!line.isEmpty() &&
               (line[0] == u'#' || line[0] == u'*' || line[0] == u'-' || line[0] == u'>'))
            line = line.mid(1).trimmed();
        line.remove(u"**"_s);
        if (!line.isEmpty())
            return line.left(120);
    }
    return u"(no plan)"_s;
}

QString readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// A kernel for a note's prompt: whole up to a size a model reads well.
QString excerpt(const QString &source)
{
    constexpr qsizetype kMax = 12'000;
    return source.size() <= kMax ? source.trimmed() : source.left(kMax) + u"\n[… cut]"_s;
}

} // namespace

namespace {

} // namespace

LlmPlanner::LlmPlanner(const Workload &workload, const TargetProfile &target, SessionStore &session,
                       const LlmSettings &settings, const LlmPlannerOptions &options,
                       QObject *parent)
    : QObject(parent), m_workload(workload), m_target(target), m_session(session),
      m_options(options), m_client(settings), m_totals(session.ledgerTotals())
{
    connect(&m_client, &LlmClient::delta, this, &LlmPlanner::callDelta);
    connect(&m_client, &LlmClient::finished, this, &LlmPlanner::onFinished);
    connect(&m_client, &LlmClient::retrying, this,
            [this](int, int attempt, int waitMs, const QString &why) {
                Q_EMIT note(u"llm: "_s + why + u"; retry "_s + QString::number(attempt) +
                            u" in "_s + QString::number(waitMs / 1000.0, 'f', 1) + u" s"_s);
            });
}

LlmPlanner::~LlmPlanner() = default;

QString LlmPlanner::name() const
{
    const LlmSettings &s = m_client.settings();
    return u"llm ("_s + s.providerName() + (s.model.isEmpty() ? QString() : u' ' + s.model) + u')';
}

void LlmPlanner::setIncumbent(const ExperimentRecord *incumbent)
{
    m_incumbent = incumbent ? std::optional<ExperimentRecord>(*incumbent) : std::nullopt;
}

std::vector<Proposal> LlmPlanner::propose(int, const ExperimentRecord *, const QString &)
{
    return {}; // only proposeLater(): an LLM answers later
}

int LlmPlanner::nextFix(const ExperimentRecord &failed) const
{
    // A generated candidate that did not compile or computed wrong results
    // goes back to the executor with the error, a bounded number of times.
    const auto it = m_generated.constFind(failed.sourceHash);
    if (it == m_generated.cend() || failed.decision != Verdict::Failed || m_cancelled)
        return 0;
    const QString cls = failureClassOf(failed);
    const bool fixable = cls == u"compile"_s || cls == u"incorrect"_s || cls == u"crash"_s ||
                         cls == u"timeout"_s || failed.untrusted();
    return fixable && it->fixNo < m_options.fixAttempts ? it->fixNo + 1 : 0;
}

QString LlmPlanner::willFix(const ExperimentRecord &failed) const
{
    const int fix = nextFix(failed);
    return fix ? u"sent back to the executor (fix "_s + QString::number(fix) + u'/' +
                     QString::number(m_options.fixAttempts) + u')'
               : QString();
}

void LlmPlanner::observe(const ExperimentRecord &record)
{
    const int fix = nextFix(record);
    if (!fix)
        return;
    const Generated g = m_generated.value(record.sourceHash);
    Job j;
    j.plan = g.plan;
    j.source = readFile(m_session.kernelPath(record.sourceHash));
    j.feedback = feedbackFor(record);
    j.fixOf = g.fixOf ? g.fixOf : record.id;
    j.fixNo = fix;
    m_fixes.push_back(std::move(j));
}

QString LlmPlanner::feedbackFor(const ExperimentRecord &failed) const
{
    QString text = u"Your previous kernel (candidate #"_s + QString::number(failed.id) +
                   u") failed: "_s + failed.cause;
    if (const QString message = failureMessageOf(failed); !message.isEmpty())
        text += u"\n"_s + message;
    for (const auto &[stage, log] : stageLogs(failed)) {
        const QString excerpt = log.size() > 4000 ? log.left(4000) + u"\n[…]"_s : log;
        text += u"\n\n"_s + stage + u" output:\n```\n"_s + excerpt.trimmed() + u"\n```"_s;
    }
    return text +
           u"\n\nFix the kernel so that it compiles and computes the correct result, keeping the plan's optimization."_s;
}

QString LlmPlanner::incumbentSource() const
{
    if (m_incumbent) {
        QString s = readFile(m_session.kernelPath(m_incumbent->sourceHash));
        if (!s.isEmpty())
            return s;
    }
    return readFile(m_workload.kernelPath);
}

QHash<QString, QString> LlmPlanner::promptValues(const Job &job) const
{
    QHash<QString, QString> v = m_roundValues;
    v[u"source"_s] = job.source.trimmed();
    v[u"plan"_s] = job.plan.trimmed();
    v[u"variant"_s] = job.fixNo == 0 && m_plans > 1
                          ? u" (this is one of "_s + QString::number(m_plans) +
                                u" plans of the round: make it a distinct idea)"_s
                          : QString();
    v[u"sample"_s] =
        job.samples > 1
            ? u"\nThis is sample "_s + QString::number(job.sample) + u" of "_s +
                  QString::number(job.samples) +
                  u" for this plan, each written separately: choose your own way to carry it out.\n"_s
            : QString();
    v[u"error_feedback"_s] =
        job.feedback.isEmpty() ? QString() : u"\n# Error feedback\n"_s + job.feedback + u'\n';
    return v;
}

// The incumbent's trusted metrics (a false win or a flagged record has none),
// each with its unit, direction and meaning from the target's catalog.
QString LlmPlanner::incumbentMetricsText() const
{
    QStringList metrics;
    for (const MetricInfo &m : m_target.metrics) {
        const auto value =
            m_incumbent && m.shown ? m_incumbent->trustedMetric(m.name) : std::nullopt;
        if (!value)
            continue;
        metrics << u"- "_s + m.name + u" = "_s + QString::number(*value, 'g', 4) +
                       (m.unit.isEmpty() ? QString() : u' ' + m.unit) + u" ("_s +
                       (m.higherIsBetter ? u"higher"_s : u"lower"_s) + u" is better): "_s +
                       m.description;
    }
    // The figures of merit by role, where the result names them otherwise
    // than this catalog (a record measured under another version of the target).
    for (MetricRole role : {MetricRole::Latency, MetricRole::FlopRate, MetricRole::ShareOfPeakFlops,
                            MetricRole::ShareOfPeakBandwidth, MetricRole::ShareOfRoofline}) {
        const QString name = m_incumbent ? m_incumbent->result.metricName(role) : QString();
        if (const auto value = m_incumbent ? m_incumbent->trustedMetric(role) : std::nullopt;
            value && !m_target.metric(name))
            metrics << u"- "_s + name + u" = "_s + QString::number(*value, 'g', 4);
    }
    return metrics.isEmpty() ? u"(no measurements yet)"_s : metrics.join(u'\n');
}

// The optimization memory, best ranked first for the current bottleneck.
QString LlmPlanner::memoryText() const
{
    QStringList memory;
    const Json ranked = rankMemory(m_session.memory(), m_bottleneck);
    for (size_t i = 0; i < ranked.size() && i < 5; ++i)
        memory << u"- "_s + qs(ranked[i].dump()).left(400);
    return memory.isEmpty() ? u"(none yet)"_s : memory.join(u'\n');
}

// The last reflexions: lesson, what to avoid, what to try.
QString LlmPlanner::reflexionsText() const
{
    // A reflection's field: a sentence, or a list of them.
    auto words = [](const Json &field) {
        if (field.is_string())
            return qs(field.get<std::string>());
        QStringList items;
        if (field.is_array()) {
            for (const Json &item : field)
                items << (item.is_string() ? qs(item.get<std::string>()) : qs(item.dump()));
        }
        return items.join(u"; "_s);
    };
    QStringList reflexions;
    const std::vector<Json> all = m_session.reflections();
    for (size_t i = all.size() > 5 ? all.size() - 5 : 0; i < all.size(); ++i) {
        const Json &r = all[i];
        const QString avoid = words(r.value("avoid", Json())),
                      tryNext = words(r.value("try", Json()));
        reflexions << u"- #"_s + QString::number(r.value("candidate", 0)) + u": "_s +
                          words(r.value("lesson", Json())) +
                          (avoid.isEmpty() ? QString() : u" Avoid: "_s + avoid) +
                          (tryNext.isEmpty() ? QString() : u" Try: "_s + tryNext);
    }
    return reflexions.isEmpty() ? u"(none yet)"_s : reflexions.join(u'\n');
}

// The last failed or rejected candidates and why.
QString LlmPlanner::recentFailuresText() const
{
    QStringList failures;
    const auto &records = m_session.experiments();
    for (auto it = records.rbegin(); it != records.rend() && failures.size() < 5; ++it) {
        if (it->decision == Verdict::Failed || it->decision == Verdict::Rejected)
            failures << u"- #"_s + QString::number(it->id) + u' ' + it->plan.left(100) + u": "_s +
                            it->cause.left(200);
    }
    return failures.isEmpty() ? u"(none)"_s : failures.join(u'\n');
}

QHash<QString, QString> LlmPlanner::roundValues(const QString &incumbentText) const
{
    QHash<QString, QString> v;
    v[u"language"_s] = m_target.language;
    v[u"target_name"_s] = m_target.name;
    v[u"workload"_s] =
        m_workload.name +
        (m_workload.description.isEmpty() ? QString() : u": "_s + m_workload.description);
    v[u"goal"_s] = m_workload.goal.metric + (m_workload.goal.higherIsBetter ? u" ≥ "_s : u" ≤ "_s) +
                   QString::number(m_workload.goal.target);
    v[u"incumbent_id"_s] = m_incumbent ? QString::number(m_incumbent->id) : u"start"_s;
    v[u"incumbent_source"_s] = incumbentText.trimmed();
    v[u"bottleneck"_s] = m_bottleneck.isEmpty() ? u"unknown"_s : m_bottleneck;
    if (m_incumbent) {
        if (const QString why = bottleneckWhyOf(*m_incumbent); !why.isEmpty())
            v[u"bottleneck"_s] += u" — "_s + why;
    }
    v[u"metrics"_s] = incumbentMetricsText();
    v[u"memory"_s] = memoryText();
    v[u"reflexions"_s] = reflexionsText();
    v[u"failures"_s] = recentFailuresText();
    v[u"signature"_s] = u"void "_s + m_workload.kernelEntry + u'(' +
                        kernelParameters(m_workload).join(u", "_s) + u')';
    v[u"reference_entry"_s] = m_workload.referenceEntry;
    QStringList dims;
    for (qsizetype i = 0; i < m_workload.dimNames.size(); ++i)
        dims << m_workload.dimNames[i] + u'=' + QString::number(m_workload.dimValues[size_t(i)]);
    v[u"dims"_s] = dims.join(u", "_s);
    v[u"compile"_s] = (m_target.compiler.isEmpty() ? u"c++"_s : m_target.compiler) + u' ' +
                      (m_target.compilerFlags + m_workload.compileFlags).join(u' ');
    QStringList rules;
    for (const GuardRule &g : m_target.guards)
        rules << u"- Never: "_s + g.reason + u'.';
    v[u"constraints"_s] = rules.join(u'\n');
    return v;
}

void LlmPlanner::proposeLater(int count, const ExperimentRecord *incumbent,
                              const QString &bottleneck, ProposalsReady ready)
{
    m_incumbent = incumbent ? std::optional<ExperimentRecord>(*incumbent) : std::nullopt;
    m_bottleneck = bottleneck;
    m_ready = std::move(ready);
    m_cancelled = false;
    m_results.clear();
    m_lastError.clear();
    m_jobs.clear();
    const auto &records = m_session.experiments();
    m_round = records.empty() ? 1 : records.back().round + 1;
    // Fixes of failed candidates first, then fresh plans, each implemented
    // by up to `samples` executor answers.
    while (int(m_jobs.size()) < count && !m_fixes.empty()) {
        m_jobs.push_back(std::move(m_fixes.front()));
        m_fixes.erase(m_fixes.begin());
    }
    const QString incumbentText = incumbentSource();
    const int samples = std::max(1, m_client.settings().samples);
    m_plans = 0;
    for (int fresh = 0, left = count - int(m_jobs.size()); fresh < left; ++fresh) {
        Job j;
        j.source = incumbentText;
        j.sample = fresh % samples + 1;
        j.samples = std::min(samples, left - fresh / samples * samples);
        if (j.sample > 1)
            j.sampleOf = int(m_jobs.size()) - j.sample + 1;
        else
            ++m_plans;
        m_jobs.push_back(std::move(j));
    }
    m_roundValues = roundValues(incumbentText);
    for (size_t i = 0; i < m_jobs.size(); ++i) {
        const Job &j = m_jobs[i];
        if (j.fixOf)
            send(int(i), u"executor"_s);
        else if (j.sampleOf < 0)
            send(int(i), u"planner"_s); // its samples wait for the plan
    }
}

bool LlmPlanner::startCall(int job, const QString &purpose, const QHash<QString, QString> &values,
                           std::function<void(const LlmReply &)> then, QString *error)
{
    PromptTemplate t;
    if (!loadPrompt(purpose,
                    promptSearchPath(m_session.dir(), m_target.id, m_client.settings().promptsDir),
                    &t, error))
        return false;
    Sent sent{job,    purpose,        renderPrompt(t.system, values), renderPrompt(t.user, values),
              t.path, std::move(then)};
    const int call = m_client.send({purpose, sent.system, sent.prompt});
    Q_EMIT callStarted(call, purpose, sent.system, sent.prompt);
    m_sent.emplace(call, std::move(sent));
    return true;
}

void LlmPlanner::send(int job, const QString &purpose)
{
    QString error;
    if (!startCall(job, purpose, promptValues(m_jobs[size_t(job)]), {}, &error))
        jobDone(job, std::nullopt, error);
}

void LlmPlanner::cancel()
{
    m_cancelled = true;
    m_client.cancelAll();
}

void LlmPlanner::record(const Sent &sent, const LlmReply &reply)
{
    const QString &purpose = sent.purpose;
    // The transcript: exactly what was sent and received (no headers, so no key).
    const int number = m_totals.calls + 1;
    const LlmSettings &s = m_client.settings();
    Json doc = {{"call", number},
                {"round", m_round},
                {"purpose", ss(purpose)},
                {"provider", ss(s.providerName())},
                {"model", ss(s.model)},
                {"endpoint", ss(s.endpoint())},
                {"template", ss(sent.templatePath)},
                {"system", ss(sent.system)},
                {"prompt", ss(sent.prompt)},
                {"reply", ss(reply.text)},
                {"ok", reply.ok},
                {"error", ss(reply.error)},
                {"attempts", reply.attempts},
                {"tokens_in", reply.tokensIn},
                {"tokens_out", reply.tokensOut},
                {"tokens_estimated", reply.tokensEstimated},
                {"cost", reply.cost},
                {"ms", reply.ms}};
    QString error;
    if (!m_session.recordLlmCall(number, purpose, doc, &error))
        Q_EMIT note(u"llm: "_s + error);
    m_totals.add(doc);
}

void LlmPlanner::onFinished(int call, const LlmReply &reply)
{
    const Sent sent = m_sent.take(call);
    const int job = sent.job;
    const QString &purpose = sent.purpose;
    record(sent, reply);
    Q_EMIT callFinished(call, purpose, reply);
    if (sent.then)
        return sent.then(reply);
    if (job < 0 || size_t(job) >= m_jobs.size() || m_jobs[size_t(job)].done)
        return;
    if (!reply.ok)
        return jobDone(job, std::nullopt,
                       reply.cancelled ? u"cancelled"_s
                                       : purpose + u" call failed: "_s + reply.error);
    Job &j = m_jobs[size_t(job)];
    if (purpose == u"planner"_s) {
        j.plan = reply.text.trimmed();
        Q_EMIT note(u"llm plan: "_s + titleOf(j.plan));
        for (size_t k = 0; k < m_jobs.size(); ++k) {
            if (int(k) == job || m_jobs[k].sampleOf == job) {
                m_jobs[k].plan = j.plan;
                send(int(k), u"executor"_s);
            }
        }
        return;
    }
    QStringList languages = {m_target.language};
    if (m_target.language == u"cpp"_s)
        languages << u"c++"_s << u"cxx"_s << u"c"_s;
    if (m_target.language == u"hip"_s) // models fence HIP as C++ as often as not
        languages << u"cpp"_s << u"c++"_s;
    const ExtractedCode code = extractKernel(reply.text, languages, m_workload.kernelEntry);
    if (code.source.isEmpty()) {
        if (j.formatTries >= m_options.formatRetries)
            return jobDone(job, std::nullopt,
                           u"the executor gave no usable kernel: "_s + code.error);
        ++j.formatTries;
        j.feedback = code.error;
        Q_EMIT note(u"llm: "_s + code.error + u" (asking again)"_s);
        return send(job, u"executor"_s);
    }
    Proposal p;
    p.origin = Origin::Agent;
    p.source = code.source;
    p.plan = titleOf(j.plan);
    p.label = u"llm: "_s + p.plan.left(60);
    if (j.samples > 1) {
        p.plan +=
            u" (sample "_s + QString::number(j.sample) + u'/' + QString::number(j.samples) + u')';
        p.label += u" ("_s + QString::number(j.sample) + u'/' + QString::number(j.samples) + u')';
        p.flags << u"sample"_s;
    }
    if (j.fixOf) {
        p.plan += u" (fix "_s + QString::number(j.fixNo) + u'/' +
                  QString::number(m_options.fixAttempts) + u" of #"_s + QString::number(j.fixOf) +
                  u')';
        p.flags << u"fix"_s;
    }
    if (j.formatTries > 0)
        p.flags << u"reasked"_s;
    const QList<GuardFinding> findings = checkGuards(p.source, m_target, m_workload);
    QStringList reasons;
    for (const GuardFinding &g : findings) {
        reasons << g.toString();
        p.flags << u"guard:"_s + g.id;
    }
    p.guard = reasons.join(u"; "_s);
    if (!p.guard.isEmpty())
        Q_EMIT note(u"llm: guard: "_s + p.guard);
    m_generated.insert(SessionStore::sourceHash(p.source), {j.plan, j.fixNo, j.fixOf});
    jobDone(job, p);
}

void LlmPlanner::jobDone(int job, std::optional<Proposal> proposal, const QString &error)
{
    m_jobs[size_t(job)].done = true;
    for (Job &sample : m_jobs) {
        if (sample.sampleOf == job && sample.plan.isEmpty())
            sample.done = true; // no plan came: nothing to carry out
    }
    if (proposal)
        m_results.push_back(std::move(*proposal));
    else if (!error.isEmpty())
        m_lastError = error;
    for (const Job &j : m_jobs) {
        if (!j.done)
            return;
    }
    if (!m_ready)
        return;
    ProposalsReady ready = std::move(m_ready);
    m_ready = nullptr;
    std::vector<Proposal> results = std::move(m_results);
    m_results.clear();
    ready(std::move(results), m_cancelled ? u"cancelled"_s : m_lastError);
}

void LlmPlanner::writeMemory(const Json &rules, const ExperimentRecord &slow,
                             const ExperimentRecord &fast, RecordReady done)
{
    if (!m_client.settings().writeNotes || m_cancelled)
        return done(rules);
    QHash<QString, QString> v;
    v[u"slow_id"_s] = QString::number(slow.id);
    v[u"fast_id"_s] = QString::number(fast.id);
    v[u"plan"_s] = fast.plan;
    v[u"record"_s] = qs(rules.dump(2));
    v[u"slow_source"_s] = excerpt(readFile(m_session.kernelPath(slow.sourceHash)));
    v[u"fast_source"_s] = excerpt(readFile(m_session.kernelPath(fast.sourceHash)));
    sendNote(std::make_shared<Note>(
        Note{u"summarizer"_s, v, {{"change"}, {"why"}}, rules, std::move(done), 0}));
}

void LlmPlanner::writeReflection(const Json &rules, const ExperimentRecord &candidate,
                                 const ExperimentRecord *parent, RecordReady done)
{
    if (!m_client.settings().writeNotes || m_cancelled)
        return done(rules);
    QHash<QString, QString> v;
    v[u"candidate_id"_s] = QString::number(candidate.id);
    v[u"parent_id"_s] = parent ? QString::number(parent->id) : u"none"_s;
    v[u"plan"_s] =
        candidate.plan.isEmpty() ? originWord(candidate.origin) + u" candidate"_s : candidate.plan;
    v[u"decision"_s] = verdictWord(candidate.decision) +
                       (candidate.cause.isEmpty() ? QString() : u": "_s + candidate.cause);
    const QString failure = failureMessageOf(candidate);
    v[u"failure"_s] = failure.isEmpty() ? u"(none)"_s : failure.left(2000);
    v[u"record"_s] = qs(rules.dump(2));
    v[u"source"_s] = excerpt(readFile(m_session.kernelPath(candidate.sourceHash)));
    const std::vector<ReplyField> fields = {{"tried"},  {"expected"},    {"observed"},
                                            {"lesson"}, {"avoid", true}, {"try", true}};
    sendNote(std::make_shared<Note>(Note{u"reflexion"_s, v, fields, rules, std::move(done), 0}));
}

void LlmPlanner::noteFailure(const QString &purpose, const QString &why)
{
    Q_EMIT note(u"llm "_s + purpose + u": "_s + why);
}

void LlmPlanner::sendNote(std::shared_ptr<Note> n)
{
    // The template values of the round (language, target, bottleneck…) under the n's own.
    if (m_roundValues.isEmpty())
        m_roundValues = roundValues(incumbentSource());
    QHash<QString, QString> values = m_roundValues;
    for (auto it = n->values.cbegin(); it != n->values.cend(); ++it)
        values[it.key()] = it.value();
    auto then = [this, n](const LlmReply &reply) {
        Json out = n->rules;
        if (!reply.ok) {
            if (!reply.cancelled)
                noteFailure(n->purpose, reply.error);
            return n->done(out);
        }
        QString why;
        const std::optional<Json> answer = extractJsonObject(reply.text, n->fields, &why);
        if (!answer) {
            if (n->formatTries < m_options.formatRetries && !m_cancelled) {
                ++n->formatTries;
                n->values[u"error_feedback"_s] =
                    u"\n# Your last answer could not be used\n"_s + why + u'\n';
                noteFailure(n->purpose, why + u" (asking again)"_s);
                return sendNote(n);
            }
            noteFailure(n->purpose, why + u" (the rules' record is kept)"_s);
            return n->done(out);
        }
        for (const auto &[key, value] : answer->items())
            out[key] = value;
        out["by"] = "llm";
        n->done(out);
    };
    QString error;
    if (!startCall(-1, n->purpose, values, std::move(then), &error)) {
        noteFailure(n->purpose, error);
        n->done(n->rules);
    }
}

} // namespace kwb
