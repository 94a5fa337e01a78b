#include "result.h"

#include "targets/targetprofile.h"

#include <algorithm>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

const QStringList &failureClasses()
{
    static const QStringList classes = {u"compile"_s, u"incorrect"_s, u"crash"_s, u"timeout"_s,
                                        u"reference"_s};
    return classes;
}

void EvalResult::addFlag(const QString &id, const QString &reason)
{
    flags.push_back(HarnessFlag{id, reason});
    Json &stored = document["flags"];
    if (!stored.is_array())
        stored = Json::array();
    stored.push_back(Json{{"id", ss(id)}, {"reason", ss(reason)}});
}

namespace {

double numberIn(const Json &j, const char *key)
{
    const Json *v = findAt(j, {key});
    return v && v->is_number() ? v->get<double>() : NAN;
}

std::optional<GpuConditions::Range> rangeIn(const Json &j, const char *key)
{
    const Json *r = findAt(j, {key});
    if (!r || !r->is_object())
        return std::nullopt;
    return GpuConditions::Range{numberIn(*r, "min"), numberIn(*r, "max")};
}

} // namespace

std::vector<HarnessFlag> flagsIn(const Json &document)
{
    std::vector<HarnessFlag> out;
    if (const Json *fs = findAt(document, {"flags"}); fs && fs->is_array()) {
        for (const Json &f : *fs)
            out.push_back(HarnessFlag{qs(stringAt(f, {"id"})), qs(stringAt(f, {"reason"}))});
    }
    return out;
}

std::map<QString, double> stageTimesIn(const Json &document)
{
    std::map<QString, double> out;
    if (const Json *timings = findAt(document, {"timings"}); timings && timings->is_object()) {
        for (const auto &[key, value] : timings->items()) {
            const QString k = qs(key);
            if (k.endsWith(QLatin1String("_ms")) && value.is_number())
                out[k.chopped(3)] = value.get<double>();
        }
    }
    return out;
}

std::optional<RecordedCalibration> calibrationIn(const Json &document)
{
    const Json *c = findAt(document, {"calibration"});
    if (!c || !c->is_object())
        return std::nullopt;
    RecordedCalibration rc;
    rc.device = qs(stringAt(*c, {"device"}));
    rc.cpu = qs(stringAt(*c, {"cpu"}));
    rc.peakGflops = numberIn(*c, "peak_gflops");
    rc.peakGbs = numberIn(*c, "peak_gbs");
    const double threads = numberIn(*c, "threads");
    rc.threads = std::isfinite(threads) ? int(std::clamp(threads, 1.0, 1e6)) : 1;
    return rc;
}

void EvalResult::readAnnotations()
{
    const Json &d = document;
    flags = flagsIn(d);
    stageMs = stageTimesIn(d);
    clock = qs(stringAt(d, {"latency", "clock"}));
    const Json *cold = findAt(d, {"latency", "cold_cache"});
    coldCache = cold && *cold == Json(true);
    calibration = calibrationIn(d);
    conditions.reset();
    if (const Json *c = findAt(d, {"gpu_conditions"}); c && c->is_object()) {
        GpuConditions g;
        g.smClockMhz = rangeIn(*c, "sm_clock_mhz");
        g.powerW = rangeIn(*c, "power_w");
        g.smClockTopMhz = numberIn(*c, "sm_clock_top_mhz");
        g.powerLimitW = numberIn(*c, "power_limit_w");
        if (const Json *slowed = findAt(*c, {"slowed_by"}); slowed && slowed->is_array()) {
            QStringList reasons;
            for (const Json &reason : *slowed) {
                if (reason.is_string())
                    reasons << qs(reason.get<std::string>());
            }
            g.slowedBy = reasons;
        }
        g.samples = numberIn(*c, "samples");
        conditions = g;
    }
    outsideClock.reset();
    if (const Json *c = findAt(d, {"outside_clock"}); c && c->is_object()) {
        OutsideClock o;
        o.available = c->value("available", Json()) == Json(true);
        o.timedSectionMs = numberIn(*c, "timed_section_ms");
        o.explained = numberIn(*c, "explained");
        o.bounded = c->value("bounded", Json()) == Json(true);
        outsideClock = o;
    }
    mainStall = qs(stringAt(d, {"profile", "main_stall"}));
}

std::optional<double> EvalResult::metric(const QString &name) const
{
    for (const auto &[n, v] : metrics) {
        if (n == name)
            return v;
    }
    return std::nullopt;
}

std::optional<double> EvalResult::metric(MetricRole role) const
{
    const QString name = metricNameFor(document, role);
    return name.isEmpty() ? std::nullopt : metric(name);
}

QString metricNameFor(const Json &document, MetricRole role)
{
    const QString word = metricRoleWord(role);
    if (word.isEmpty())
        return {};
    if (const Json *roles = findAt(document, {"roles"}); roles && roles->is_object()) {
        const auto it = roles->find(ss(word));
        return it != roles->end() && it->is_string() ? qs(it->get<std::string>()) : QString();
    }
    switch (role) {
    case MetricRole::Latency:
        return u"median_ms"_s;
    case MetricRole::FlopRate:
        return u"gflops"_s;
    case MetricRole::Bandwidth:
        return u"bandwidth_gbs"_s;
    case MetricRole::Intensity:
        return u"intensity"_s;
    case MetricRole::ShareOfPeakFlops:
        return u"pct_peak_flops"_s;
    case MetricRole::ShareOfPeakBandwidth:
        return u"pct_peak_bw"_s;
    case MetricRole::ShareOfRoofline:
        return u"pct_roofline"_s;
    case MetricRole::Mfu:
        return u"mfu_pct"_s;
    case MetricRole::Mbu:
        return u"mbu_pct"_s;
    case MetricRole::None:
        break;
    }
    return {};
}

std::optional<double> metricOf(const Json &document, const QString &name)
{
    if (name.isEmpty())
        return std::nullopt;
    const Json *metrics = findAt(document, {"metrics"});
    if (!metrics || !metrics->is_object())
        return std::nullopt;
    const auto it = metrics->find(ss(name));
    if (it == metrics->end() || !it->is_number())
        return std::nullopt;
    const double v = it->get<double>();
    return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

std::optional<double> metricOf(const Json &document, MetricRole role)
{
    return metricOf(document, metricNameFor(document, role));
}

QString EvalResult::log(const QString &stageName) const
{
    const Json &logs = document.value("log", Json::object());
    return logs.contains(ss(stageName)) ? qs(logs[ss(stageName)].get<std::string>()) : QString();
}

namespace {

// A count from a document: a finite non-negative double, which a cast to an
// integer must not overflow (1e300 is a valid JSON number).
qint64 toCount(double v)
{
    return qint64(std::clamp(v, 0.0, 9.0e18));
}

// Reads a harness's result document into an EvalResult, a part at a time.
// Unlike a contract file a user writes (util/contractreader.h), a result is
// written by a program: the first problem ends the reading, and its message
// is recorded in the session in English ("result document:LINE:COL: 'field'
// what"). Each part returns false once a problem is found.
class ResultReader
{
public:
    ResultReader(const JsonText &doc, const TargetProfile &target) : m_doc(doc), m_target(target) {}

    const QString &error() const { return m_error; }
    EvalResult take()
    {
        m_r.document = m_doc.root();
        m_r.readAnnotations();
        return std::move(m_r);
    }

    bool header()
    {
        const Json *j = nullptr;
        if (!need("/schema", &Json::is_string, u"a string"_s, &j))
            return false;
        if (j->get<std::string>() != "kwb.result/1")
            return fail("/schema",
                        u"must be \"kwb.result/1\", found \""_s + qs(j->get<std::string>()) + u'"');
        if (!need("/stage", &Json::is_string, u"a string"_s, &j))
            return false;
        m_r.stage = qs(j->get<std::string>());
        if (!stages().contains(m_r.stage))
            return fail("/stage", u"must be one of compile, check, bench, profile"_s);
        if (!need("/compiled", &Json::is_boolean, u"a boolean"_s, &j))
            return false;
        m_r.compiled = j->get<bool>();
        if (!m_r.compiled && m_r.stage != u"compile"_s)
            return fail("/stage", u"cannot be past 'compile' when 'compiled' is false"_s);
        if (const Json *c = get("/correct"); c && !c->is_null()) {
            if (!c->is_boolean())
                return fail("/correct", u"must be a boolean or null, found "_s + jsonTypeName(*c));
            m_r.correct = c->get<bool>();
        }
        return true;
    }

    bool failure()
    {
        const Json *f = get("/failure");
        if (!f || f->is_null())
            return true;
        if (!f->is_object())
            return fail("/failure", u"must be an object or null, found "_s + jsonTypeName(*f));
        const Json *j = nullptr;
        if (!need("/failure/class", &Json::is_string, u"a string"_s, &j))
            return false;
        m_r.failureClass = qs(j->get<std::string>());
        if (!failureClasses().contains(m_r.failureClass))
            return fail("/failure/class", u"must be one of "_s + failureClasses().join(u", "_s));
        if (!need("/failure/message", &Json::is_string, u"a string"_s, &j))
            return false;
        m_r.failureMessage = qs(j->get<std::string>());
        m_r.failureStage = m_r.stage;
        if (const Json *st = get("/failure/stage"); st && !st->is_null()) {
            if (!st->is_string() || !stages().contains(qs(st->get<std::string>())))
                return fail("/failure/stage", u"must be one of compile, check, bench, profile"_s);
            m_r.failureStage = qs(st->get<std::string>());
        }
        return true;
    }

    // The seed checks, and that a correct result holds only passing ones.
    bool checks()
    {
        if (const Json *checks = get("/checks")) {
            if (!checks->is_array())
                return fail("/checks", u"must be an array, found "_s + jsonTypeName(*checks));
            for (size_t i = 0; i < checks->size(); ++i) {
                if (!check("/checks/" + std::to_string(i), (*checks)[i]))
                    return false;
            }
        }
        if (!m_r.correct.value_or(false))
            return true;
        if (m_r.checks.empty())
            return fail("/correct", u"is true but 'checks' holds no verdict"_s);
        for (size_t i = 0; i < m_r.checks.size(); ++i) {
            if (!m_r.checks[i].ok)
                return fail("/checks/" + std::to_string(i) + "/ok",
                            u"is false while 'correct' is true"_s);
        }
        return true;
    }

    bool latency()
    {
        const Json *lat = get("/latency");
        if (lat && !lat->is_null()) {
            if (!lat->is_object())
                return fail("/latency",
                            u"must be an object or null, found "_s + jsonTypeName(*lat));
            Latency l;
            for (const auto &[key, dst] : {std::pair{"min_ms", &l.minMs},
                                           {"median_ms", &l.medianMs},
                                           {"p90_ms", &l.p90Ms}}) {
                if (!finiteNumber(std::string("/latency/") + key, dst))
                    return false;
            }
            for (const auto &[key, dst] : {std::pair{"max_ms", &l.maxMs},
                                           {"mean_ms", &l.meanMs},
                                           {"stddev_ms", &l.stddevMs},
                                           {"q1_ms", &l.q1Ms},
                                           {"q3_ms", &l.q3Ms}}) {
                if (lat->contains(key) && !finiteNumber(std::string("/latency/") + key, dst))
                    return false;
            }
            if (lat->contains("calls_per_sample")) {
                double calls = 0;
                if (!finiteNumber("/latency/calls_per_sample", &calls))
                    return false;
                l.callsPerSample = int(std::clamp(calls, 1.0, 1e9));
            }
            if (!samples(&l.samplesMs))
                return false;
            if (l.minMs > l.medianMs || l.medianMs > l.p90Ms)
                return fail("/latency", u"must satisfy min_ms ≤ median_ms ≤ p90_ms"_s);
            m_r.latency = l;
        }
        const bool timed = m_r.stage == u"bench"_s || m_r.stage == u"profile"_s;
        if (timed && !m_r.failed() && !m_r.latency)
            return fail("/latency", u"is required once the bench stage succeeded"_s);
        return true;
    }

    // Metrics from the target's catalog; counters, timings and logs.
    bool metricsAndLogs()
    {
        if (const Json *metrics = get("/metrics")) {
            if (!metrics->is_object())
                return fail("/metrics", u"must be an object of name → number, found "_s +
                                            jsonTypeName(*metrics));
            for (const auto &[name, value] : metrics->items()) {
                const std::string p = "/metrics/" + pointerToken(name);
                if (!m_target.metric(qs(name))) {
                    const QString best = closestWord(qs(name), m_target.metricNames());
                    return fail(p, u"is not in the "_s + m_target.id + u" metric catalog"_s +
                                       (best.isEmpty() ? QString()
                                                       : u" (did you mean '"_s + best + u"'?)"_s));
                }
                double d = 0;
                if (!finiteNumber(p, &d, false))
                    return false;
                m_r.metrics.emplace_back(qs(name), d);
            }
        }
        if (const Json *counters = get("/counters"); counters && counters->is_object()) {
            const Json *available = findAt(*counters, {"available"});
            m_r.countersAvailable = available && available->is_boolean() && available->get<bool>();
            m_r.countersReason = qs(stringAt(*counters, {"reason"}));
        }
        if (const Json *timings = get("/timings"); timings && !timings->is_null()) {
            if (!timings->is_object())
                return fail("/timings", u"must be an object of stage → milliseconds, found "_s +
                                            jsonTypeName(*timings));
            for (const auto &[name, value] : timings->items()) {
                double d = 0;
                if (!finiteNumber("/timings/" + pointerToken(name), &d, false))
                    return false;
            }
        }
        if (const Json *logs = get("/log")) {
            if (!logs->is_object())
                return fail("/log", u"must be an object of stage → text"_s);
            for (const auto &[name, value] : logs->items()) {
                if (!value.is_string())
                    return fail("/log/" + pointerToken(name),
                                u"must be a string, found "_s + jsonTypeName(value));
            }
        }
        return true;
    }

private:
    static const QStringList &stages()
    {
        static const QStringList s = {u"compile"_s, u"check"_s, u"bench"_s, u"profile"_s};
        return s;
    }

    bool fail(const std::string &ptr, const QString &what)
    {
        if (m_error.isEmpty()) {
            const SourcePos p = m_doc.valuePos(ptr);
            QString field = qs(ptr.substr(ptr.empty() ? 0 : 1));
            field.replace(u'/', u'.');
            m_error =
                u"result document"_s +
                (p.isValid() ? u':' + QString::number(p.line) + u':' + QString::number(p.column)
                             : QString()) +
                u": "_s + (field.isEmpty() ? QString() : u"'"_s + field + u"' "_s) + what;
        }
        return false;
    }

    const Json *get(const std::string &ptr) const
    {
        const Json::json_pointer p(ptr);
        return m_doc.root().contains(p) ? &m_doc.root()[p] : nullptr;
    }

    bool need(const std::string &ptr, bool (Json::*is)() const noexcept, const QString &type,
              const Json **out = nullptr)
    {
        const Json *j = get(ptr);
        if (!j)
            return fail(ptr, u"is missing"_s);
        if (!(j->*is)())
            return fail(ptr, u"must be "_s + type + u", found "_s + jsonTypeName(*j));
        if (out)
            *out = j;
        return true;
    }

    bool finiteNumber(const std::string &ptr, double *out, bool nonNegative = true)
    {
        const Json *j = nullptr;
        if (!need(ptr, &Json::is_number, u"a number"_s, &j))
            return false;
        const double v = j->get<double>();
        if (!std::isfinite(v) || (nonNegative && v < 0))
            return fail(ptr, u"must be a finite"_s +
                                 (nonNegative ? u" non-negative"_s : QString()) + u" number"_s);
        *out = v;
        return true;
    }

    bool check(const std::string &p, const Json &item)
    {
        SeedCheck c;
        double seed = 0, mismatches = 0, nonfinite = 0;
        const Json *ok = nullptr;
        if (!finiteNumber(p + "/seed", &seed) ||
            !need(p + "/ok", &Json::is_boolean, u"a boolean"_s, &ok))
            return false;
        c.ok = ok->get<bool>();
        if (!finiteNumber(p + "/rel_l2", &c.relL2) || !finiteNumber(p + "/max_abs", &c.maxAbs) ||
            !finiteNumber(p + "/mismatches", &mismatches) ||
            !finiteNumber(p + "/nonfinite", &nonfinite))
            return false;
        c.seed = toCount(seed);
        c.mismatches = toCount(mismatches);
        c.nonfinite = toCount(nonfinite);
        c.output = qs(stringAt(item, {"output"}));
        m_r.checks.push_back(c);
        return true;
    }

    bool samples(std::vector<double> *out)
    {
        const Json *samples = nullptr;
        if (!need("/latency/samples_ms", &Json::is_array, u"an array"_s, &samples))
            return false;
        if (samples->empty())
            return fail("/latency/samples_ms", u"must hold at least one sample"_s);
        for (size_t i = 0; i < samples->size(); ++i) {
            double s = 0;
            if (!finiteNumber("/latency/samples_ms/" + std::to_string(i), &s))
                return false;
            out->push_back(s);
        }
        return true;
    }

    const JsonText &m_doc;
    const TargetProfile &m_target;
    EvalResult m_r;
    QString m_error;
};

} // namespace

std::optional<EvalResult> parseResult(const QByteArray &output, const TargetProfile &target,
                                      QString *error)
{
    auto fail = [&](const QString &msg) {
        if (error)
            *error = msg;
        return std::nullopt;
    };
    if (output.size() > kMaxResultBytes)
        return fail(u"result document exceeds the "_s + QString::number(kMaxResultBytes >> 20) +
                    u" MiB cap ("_s + QString::number(output.size()) + u" bytes on stdout)"_s);
    const QByteArray text = output.trimmed();
    if (text.isEmpty())
        return fail(u"the harness printed no result document on stdout"_s);

    Diagnostic syntax;
    auto doc = JsonText::parse(text, u"result document"_s, &syntax);
    if (!doc) {
        const bool extra = syntax.message.contains(u"end of input"_s) &&
                           !syntax.message.contains(u"unexpected end"_s);
        return fail(syntax.toString() +
                    (extra ? u" (stdout must hold exactly one JSON document)"_s : QString()));
    }
    if (!doc->root().is_object())
        return fail(u"result document: must be a JSON object, found "_s +
                    jsonTypeName(doc->root()));
    ResultReader reader(*doc, target);
    if (!reader.header() || !reader.failure() || !reader.checks() || !reader.latency() ||
        !reader.metricsAndLogs())
        return fail(reader.error());
    return reader.take();
}

} // namespace kwb
