#include "tunercache.h"

#include "session/sessionstore.h"
#include "util/contractreader.h"
#include "util/expression.h"
#include "util/messages.h"
#include "util/pycondition.h"

#include <QStringList>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr const char *kSchemaVersion = "1.1.0";
const auto kCompileFailed = u"CompilationFailedConfig"_s;
const auto kRuntimeFailed = u"RuntimeFailedConfig"_s;

// A knob value as Kernel Tuner writes a parameter: integers as integers.
Json paramValue(const KnobValue &v)
{
    if (!v.numeric)
        return ss(v.text);
    if (std::floor(v.number) == v.number && std::abs(v.number) < 9e15)
        return qint64(v.number);
    return v.number;
}

QString valueText(const Json &j)
{
    if (j.is_string())
        return qs(j.get<std::string>());
    if (j.is_boolean())
        return j.get<bool>() ? u"1"_s : u"0"_s;
    if (j.is_number_integer())
        return QString::number(j.get<qint64>());
    if (j.is_number())
        return QString::number(j.get<double>(), 'g', 17);
    return QString::fromStdString(j.dump());
}

QString cacheKey(const KnobSpace &space, const KnobConfig &config)
{
    QStringList parts;
    for (size_t k = 0; k < space.knobs().size(); ++k)
        parts << valueText(paramValue(space.knobs()[k].values[size_t(config[k])]));
    return parts.join(u',');
}

} // namespace

TunerCache TunerCache::fromSession(const SessionStore &session, const KnobSpace &space)
{
    TunerCache cache;
    cache.kernelName = qs(stringAt(session.info(), {"workload", "name"}));
    const std::string host = stringAt(session.info(), {"host"});
    for (const ExperimentRecord &r : session.experiments()) {
        if (r.origin == Origin::Baseline || r.decision == Verdict::Infra ||
            r.decision == Verdict::Rejected)
            continue;
        auto config = space.configFromJson(r.knobs);
        if (!config || !r.result.exists())
            continue;
        TunerCacheEntry e;
        e.config = *config;
        e.compileMs = numberAt(r.timings, {"compile_ms"}, 0);
        e.verifyMs = numberAt(r.timings, {"check_ms"}, 0);
        e.benchMs = numberAt(r.timings, {"bench_ms"}, 0);
        e.timestamp = r.finishedAt;
        e.bottleneck = bottleneckOf(r);
        if (timedAndCorrect(r)) {
            e.timeMs = trustedMedianMs(r);
            e.timesMs = recordedSamplesMs(r);
            e.gflops = r.trustedMetric(MetricRole::FlopRate).value_or(NAN);
        } else {
            e.failure = compiledPerResult(r) ? kRuntimeFailed : kCompileFailed;
            e.failureClass = failureClassOf(r);
            if (e.failureClass.isEmpty())
                e.failureClass = r.flags.contains(u"false-win"_s) ? u"false-win"_s
                                 : r.flags.contains(u"flagged"_s) ? u"flagged"_s
                                                                  : u"incorrect"_s;
        }
        if (cache.deviceName.isEmpty())
            cache.deviceName = calibratedDeviceOf(r);
        cache.entries[e.config] = std::move(e);
    }
    if (cache.deviceName.isEmpty())
        cache.deviceName = host.empty() ? u"local"_s : qs(host);
    if (const Json *dims = findAt(session.info(), {"workload", "dims"});
        dims && dims->is_object()) {
        for (const auto &[name, value] : dims->items()) {
            if (value.is_number())
                cache.problemSize.push_back(qint64(value.get<double>()));
        }
    }
    return cache;
}

Json TunerCache::toJson(const KnobSpace &space) const
{
    Json j = Json::object();
    j["schema_version"] = kSchemaVersion;
    j["device_name"] = ss(deviceName);
    j["kernel_name"] = ss(kernelName);
    j["problem_size"] = problemSize;
    Json keys = Json::array();
    Json params = Json::object();
    for (const Knob &k : space.knobs()) {
        keys.push_back(ss(k.name));
        Json values = Json::array();
        for (const KnobValue &v : k.values)
            values.push_back(paramValue(v));
        params[ss(k.name)] = values;
    }
    j["tune_params_keys"] = keys;
    j["tune_params"] = params;
    j["objective"] = "time";
    Json data = Json::object();
    for (const auto &[config, e] : entries) {
        Json o = Json::object();
        for (size_t k = 0; k < space.knobs().size(); ++k)
            o[ss(space.knobs()[k].name)] = paramValue(space.knobs()[k].values[size_t(config[k])]);
        if (e.ok())
            o["time"] = e.timeMs;
        else
            o["time"] = ss(e.failure);
        o["times"] = e.timesMs;
        o["compile_time"] = e.compileMs;
        o["verification_time"] = e.verifyMs;
        o["benchmark_time"] = e.benchMs;
        if (std::isfinite(e.gflops))
            o["GFLOP/s"] = e.gflops;
        o["strategy_time"] = 0;
        o["framework_time"] = 0;
        o["timestamp"] = ss(e.timestamp);
        if (!e.bottleneck.isEmpty())
            o["kwb_bottleneck"] = ss(e.bottleneck);
        if (!e.failureClass.isEmpty())
            o["kwb_failure"] = ss(e.failureClass);
        data[ss(cacheKey(space, config))] = std::move(o);
    }
    j["cache"] = std::move(data);
    return j;
}

QByteArray TunerCache::toText(const KnobSpace &space) const
{
    // Top-level members one per line, then one cache entry per line.
    const Json j = toJson(space);
    std::string text = "{";
    bool first = true;
    for (const auto &[key, value] : j.items()) {
        text += first ? "\n " : ",\n ";
        first = false;
        text += Json(key).dump() + ": ";
        if (key != "cache") {
            text += value.dump();
            continue;
        }
        text += "{";
        bool firstEntry = true;
        for (const auto &[configKey, entry] : value.items()) {
            text += firstEntry ? "\n  " : ",\n  ";
            firstEntry = false;
            text += Json(configKey).dump() + ": " + entry.dump();
        }
        text += "\n }";
    }
    text += "\n}\n";
    return QByteArray::fromStdString(text);
}

std::optional<TunerCache> TunerCache::fromJson(const JsonText &doc, const KnobSpace &space,
                                               QList<Diagnostic> *diagnostics)
{
    const Json &root = doc.root();
    ContractReader reader(doc, diagnostics, diagnostics);
    auto fail = [&](const std::string &pointer, const QString &message) {
        reader.error(pointer, message);
        return std::nullopt;
    };
    if (!root.is_object())
        return fail("", FileText::tr("a Kernel Tuner cache file is a JSON object, not %1")
                            .arg(jsonTypeName(root)));
    for (const char *name : {"tune_params_keys", "cache"}) {
        if (!root.contains(name))
            return fail("", FileText::tr("not a Kernel Tuner cache file: '%1' is missing")
                                .arg(QString::fromUtf8(name)));
    }
    const Json &keys = root["tune_params_keys"];
    if (!keys.is_array())
        return fail("/tune_params_keys",
                    FileText::tr("'tune_params_keys' must be an array of parameter names"));
    // Parameter i of the file is knob knobOf[i] of the space.
    std::vector<int> knobOf;
    for (size_t i = 0; i < keys.size(); ++i) {
        const std::string pointer = "/tune_params_keys/" + std::to_string(i);
        if (!keys[i].is_string())
            return fail(pointer, FileText::tr("parameter names are strings"));
        const QString name = qs(keys[i].get<std::string>());
        const int k = space.indexOfKnob(name);
        if (k < 0)
            return fail(pointer,
                        FileText::tr("parameter '%1' is not a knob of this workload").arg(name) +
                            didYouMean(name, space.knobNames()));
        knobOf.push_back(k);
    }
    for (size_t k = 0; k < space.knobs().size(); ++k) {
        if (std::find(knobOf.begin(), knobOf.end(), int(k)) == knobOf.end())
            return fail("/tune_params_keys",
                        FileText::tr("knob '%1' is not among the file's parameters")
                            .arg(space.knobs()[k].name));
    }
    const Json &cacheJson = root["cache"];
    if (!cacheJson.is_object())
        return fail("/cache", FileText::tr("'cache' must be an object of measured configurations"));

    TunerCache cache;
    cache.deviceName = qs(stringAt(root, {"device_name"}));
    cache.kernelName = qs(stringAt(root, {"kernel_name"}));
    if (const Json *ps = findAt(root, {"problem_size"}); ps && ps->is_array()) {
        for (const Json &v : *ps) {
            if (v.is_number() && v.get<double>() >= 1 && v.get<double>() <= double(1LL << 40))
                cache.problemSize.push_back(qint64(v.get<double>()));
        }
    }
    int skipped = 0;
    std::string firstSkipped;
    // The optional figures of an entry: absent reads as `fallback`, and so
    // does one of the wrong kind, which is counted and reported once.
    int illTyped = 0;
    std::string firstIllTyped;
    auto illTypedAt = [&](const std::string &pointer) {
        if (illTyped++ == 0)
            firstIllTyped = pointer;
    };
    // The entry's `key` where it is of the kind `is` asks, else nullptr.
    auto ofKind = [&](const Json &entry, const std::string &pointer, const char *key,
                      bool (Json::*is)() const noexcept) -> const Json * {
        const Json *v = findAt(entry, {key});
        if (!v || v->is_null())
            return nullptr;
        if ((v->*is)())
            return v;
        illTypedAt(pointer + '/' + pointerToken(key));
        return nullptr;
    };
    auto optionalNumber = [&](const Json &entry, const std::string &pointer, const char *key,
                              double fallback) {
        const Json *v = ofKind(entry, pointer, key, &Json::is_number);
        return v ? v->get<double>() : fallback;
    };
    auto optionalString = [&](const Json &entry, const std::string &pointer, const char *key) {
        const Json *v = ofKind(entry, pointer, key, &Json::is_string);
        return v ? qs(v->get<std::string>()) : QString();
    };
    for (const auto &[key, value] : cacheJson.items()) {
        const std::string pointer = "/cache/" + pointerToken(key);
        if (!value.is_object())
            return fail(pointer, FileText::tr("an entry must be an object"));
        // The values: the entry's own parameter members, else the key.
        const QStringList parts = qs(key).split(u',');
        KnobConfig config(space.knobs().size(), -1);
        bool inSpace = true;
        for (size_t i = 0; i < knobOf.size(); ++i) {
            const Knob &knob = space.knobs()[size_t(knobOf[i])];
            QString text;
            if (const Json *member =
                    findAt(value, {keys[i].get_ref<const std::string &>().c_str()}))
                text = valueText(*member);
            else if (parts.size() == qsizetype(knobOf.size()))
                text = parts[qsizetype(i)];
            const int index = knob.indexOf(text);
            if (index < 0)
                inSpace = false;
            config[size_t(knobOf[i])] = index;
        }
        if (!inSpace) {
            if (skipped++ == 0)
                firstSkipped = pointer;
            continue;
        }
        TunerCacheEntry e;
        e.config = config;
        const Json *time = findAt(value, {"time"});
        if (!time)
            return fail(pointer, FileText::tr("entry has no 'time'"));
        if (time->is_number()) {
            e.timeMs = time->get<double>();
            if (!std::isfinite(e.timeMs) || e.timeMs <= 0)
                return fail(
                    pointer + "/time",
                    FileText::tr("'time' must be a positive number of milliseconds, found %1")
                        .arg(QString::number(e.timeMs)));
        } else if (time->is_string()) {
            e.failure = qs(time->get<std::string>());
            if (e.failure == u"InvalidConfig"_s)
                continue; // Kernel Tuner records restricted configurations too
            if (e.failure != u"CompilationFailedConfig"_s && e.failure != u"RuntimeFailedConfig"_s)
                return fail(
                    pointer + "/time",
                    FileText::tr("'time' names no failure Kernel Tuner records ('%1'; it writes "
                                 "CompilationFailedConfig, RuntimeFailedConfig or InvalidConfig)")
                        .arg(e.failure));
        } else {
            return fail(pointer + "/time",
                        FileText::tr("'time' must be a number (milliseconds) or a failure name"));
        }
        if (const Json *times = findAt(value, {"times"}); times && !times->is_null()) {
            bool allTimes = times->is_array();
            for (const Json &t : allTimes ? *times : Json::array()) {
                if (t.is_number() && std::isfinite(t.get<double>()) && t.get<double>() > 0)
                    e.timesMs.push_back(t.get<double>());
                else
                    allTimes = false;
            }
            if (!allTimes)
                illTypedAt(pointer + "/times");
        }
        e.compileMs = optionalNumber(value, pointer, "compile_time", 0);
        e.verifyMs = optionalNumber(value, pointer, "verification_time", 0);
        e.benchMs = optionalNumber(value, pointer, "benchmark_time", 0);
        e.gflops = optionalNumber(value, pointer, "GFLOP/s", NAN);
        e.timestamp = optionalString(value, pointer, "timestamp");
        e.bottleneck = optionalString(value, pointer, "kwb_bottleneck");
        e.failureClass = optionalString(value, pointer, "kwb_failure");
        cache.entries[config] = std::move(e);
    }
    if (skipped > 0)
        reader.warn(
            firstSkipped,
            FileText::tr("%n entries lie outside the workload's knob space and were skipped",
                         nullptr, int(skipped)));
    if (illTyped > 0)
        reader.warn(firstIllTyped,
                    FileText::tr("%n optional figures (times, compile_time, GFLOP/s, …) are not "
                                 "of their kind and were read as absent; this is the first",
                                 nullptr, int(illTyped)));
    return cache;
}

const TunerCacheEntry *TunerCache::find(const KnobConfig &config) const
{
    const auto it = entries.find(config);
    return it == entries.end() ? nullptr : &it->second;
}

const TunerCacheEntry *TunerCache::best() const
{
    const TunerCacheEntry *best = nullptr;
    for (const auto &[config, e] : entries) {
        if (e.ok() && (!best || e.timeMs < best->timeMs))
            best = &e;
    }
    return best;
}

std::optional<KnobSpace> spaceOfRecording(const JsonText &doc,
                                          const std::vector<Restriction> &restrictions,
                                          QList<Diagnostic> *diagnostics)
{
    const Json &root = doc.root();
    ContractReader reader(doc, diagnostics, diagnostics);
    auto fail = [&](const std::string &pointer, const QString &message) {
        reader.error(pointer, message);
        return std::nullopt;
    };
    const Json *keys = findAt(root, {"tune_params_keys"});
    const Json *params = findAt(root, {"tune_params"});
    if (!root.is_object() || !keys || !keys->is_array() || !params || !params->is_object())
        return fail("", FileText::tr("a recording read on its own needs a header with "
                                     "'tune_params_keys' and 'tune_params' (Kernel Tuner's cache "
                                     "files have both); give a workload instead"));
    // The knobs, as a workload would declare them: one value list each.
    Json knobs = Json::object();
    QStringList numericNames;
    for (size_t i = 0; i < keys->size(); ++i) {
        const std::string pointer = "/tune_params_keys/" + std::to_string(i);
        if (!(*keys)[i].is_string())
            return fail(pointer, FileText::tr("parameter names are strings"));
        const std::string name = (*keys)[i].get<std::string>();
        const Json *values = findAt(*params, {name.c_str()});
        if (!values || !values->is_array() || values->empty())
            return fail(pointer, FileText::tr("'tune_params' lists no values for '%1'")
                                     .arg(QString::fromStdString(name)));
        bool numeric = true;
        for (const Json &v : *values) {
            if (!v.is_number() && !v.is_boolean() && !v.is_string())
                return fail("/tune_params/" + pointerToken(name),
                            FileText::tr("a value of '%1' is neither a number nor a string")
                                .arg(QString::fromStdString(name)));
            numeric = numeric && (v.is_number() || v.is_boolean());
        }
        knobs[name] = Json{{"values", *values}};
        if (numeric)
            numericNames.append(QString::fromStdString(name));
    }
    // The restrictions, translated and checked here so an error names
    // where the restriction was written, not the translation.
    Json constraints = Json::array();
    int bad = 0;
    for (const Restriction &r : restrictions) {
        const PyCondition c = translatePythonCondition(r.python);
        Diagnostic d = r.where;
        if (!c.error.isEmpty()) {
            d.pos.column += c.errorColumn - 1;
            d.message = FileText::tr("restriction '%1': %2").arg(r.python, c.error);
            diagnostics->append(d);
            ++bad;
            continue;
        }
        Expression e;
        if (!e.compile(c.text, numericNames)) {
            d.message = FileText::tr("restriction '%1': %2 (the knobs with numeric values are: %3)")
                            .arg(r.python, e.errorString(), numericNames.join(u", "_s));
            diagnostics->append(d);
            ++bad;
            continue;
        }
        constraints.push_back(c.text.toStdString());
    }
    if (bad > 0)
        return std::nullopt;
    const Json workload{{"knobs", knobs}, {"constraints", constraints}};
    Diagnostic syntax;
    auto synthesized =
        JsonText::parse(QByteArray::fromStdString(workload.dump()), doc.fileName(), &syntax);
    if (!synthesized)
        return fail("/tune_params", syntax.message);
    QList<Diagnostic> problems;
    KnobSpace space = KnobSpace::fromJson(*synthesized, {}, {}, &problems);
    bool failed = false;
    for (Diagnostic d : std::as_const(problems)) {
        // Positions in the synthesized text mean nothing to the user.
        d.pos = doc.valuePos("/tune_params");
        failed = failed || d.severity == Diagnostic::Severity::Error;
        diagnostics->append(d);
    }
    if (failed)
        return std::nullopt;
    return space;
}

std::optional<std::vector<Restriction>> restrictionsOfSpaceFile(const JsonText &doc,
                                                                QList<Diagnostic> *diagnostics)
{
    const Json *conditions = findAt(doc.root(), {"ConfigurationSpace", "Conditions"});
    if (!conditions) {
        if (findAt(doc.root(), {"ConfigurationSpace"}))
            return std::vector<Restriction>{}; // a space without restrictions
        diagnostics->append(
            doc.error("", FileText::tr("not a search-space file: 'ConfigurationSpace' is missing "
                                       "(benchmark_hub's kernels/*.json format)")));
        return std::nullopt;
    }
    if (!conditions->is_array()) {
        diagnostics->append(doc.error("/ConfigurationSpace/Conditions",
                                      FileText::tr("'Conditions' must be an array")));
        return std::nullopt;
    }
    std::vector<Restriction> out;
    for (size_t i = 0; i < conditions->size(); ++i) {
        const std::string pointer =
            "/ConfigurationSpace/Conditions/" + std::to_string(i) + "/Expression";
        const Json *e = findAt((*conditions)[i], {"Expression"});
        if (!e || !e->is_string()) {
            diagnostics->append(
                doc.error(pointer, FileText::tr("a condition needs an 'Expression' string")));
            return std::nullopt;
        }
        Diagnostic where = doc.error(pointer, QString());
        ++where.pos.column; // past the opening quote
        out.push_back({QString::fromStdString(e->get<std::string>()), where});
    }
    return out;
}

} // namespace kwb
