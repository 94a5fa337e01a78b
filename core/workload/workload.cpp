#include "workload.h"

#include "llm/llmsettings.h"
#include "remote/slurm.h"
#include "targets/targetprofile.h"
#include "util/contractreader.h"
#include "util/expression.h"
#include "util/messages.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <cmath>
#include <limits>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

const DTypeInfo &dtypeInfo(DType t)
{
    static const DTypeInfo table[] = {
        {"float32", "float", "F32", 4, "fp32", 1e-4, 1e-4},
        {"float64", "double", "F64", 8, "fp64", 1e-4, 1e-4},
        {"int32", "int32_t", "I32", 4, "int32", 1e-4, 1e-4},
        {"int64", "int64_t", "I64", 8, "int64", 1e-4, 1e-4},
        // Half types travel as 16-bit patterns; a CUDA harness sees __half
        // and __nv_bfloat16 (kwb_problem.h says which).
        {"float16", "kwb_f16", "F16", 2, "fp16", 1e-2, 1e-2},
        {"bfloat16", "kwb_bf16", "BF16", 2, "bf16", 5e-2, 2e-2},
    };
    return table[int(t)];
}

qint64 TensorSpec::elements() const
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    return n;
}

double TensorSpec::bytes() const
{
    double n = dtypeInfo(dtype).size; // in double: a product of huge dims must not wrap
    for (qint64 d : shape)
        n *= double(d);
    return n;
}

QString Workload::workKey() const
{
    const QByteArray hash =
        QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex().left(12);
    return name + u'-' + QString::fromLatin1(hash);
}

QString WorkloadLoad::message() const
{
    QStringList lines;
    for (const Diagnostic &d : errors)
        lines << d.toString();
    for (const Diagnostic &d : warnings)
        lines << d.toString();
    return lines.join(u'\n');
}

namespace {

const QStringList kRequired = {u"name"_s,   u"target"_s,  u"kernel"_s, u"reference"_s,
                               u"inputs"_s, u"outputs"_s, u"hosts"_s,  u"goal"_s};
const QStringList kOptional = {
    u"$schema"_s,       u"description"_s, u"template"_s,
    u"entry"_s,         u"dims"_s,        u"flops"_s,
    u"bytes"_s,         u"rounds"_s,      u"planner"_s,
    u"knobs"_s,         u"constraints"_s, u"correctness"_s,
    u"benchmark"_s,     u"divergence"_s,  u"batch"_s,
    u"compile_flags"_s, u"knob_map"_s,    u"baselines"_s,
    u"verify_dims"_s,   u"llm"_s,         u"precision"_s,
    u"threads"_s,       u"max_speedup"_s, u"launch"_s,
    u"device"_s,        u"cluster"_s,     u"max_speedup_over_baseline"_s};

using Reader = ContractReader;

std::optional<DType> parseDType(const QString &s)
{
    const QString t = s.toLower();
    if (t == u"float32"_s || t == u"f32"_s || t == u"fp32"_s || t == u"float"_s)
        return DType::Float32;
    if (t == u"float64"_s || t == u"f64"_s || t == u"fp64"_s || t == u"double"_s)
        return DType::Float64;
    if (t == u"int32"_s || t == u"i32"_s || t == u"int"_s)
        return DType::Int32;
    if (t == u"int64"_s || t == u"i64"_s)
        return DType::Int64;
    if (t == u"float16"_s || t == u"fp16"_s || t == u"half"_s)
        return DType::Float16;
    if (t == u"bfloat16"_s || t == u"bf16"_s)
        return DType::BFloat16;
    return std::nullopt;
}

void readTensors(Reader &r, const std::string &ptr, const Workload &w, std::vector<TensorSpec> &out)
{
    const Json *j = r.find(ptr);
    if (!j)
        return;
    if (!j->is_object() || j->empty()) {
        r.error(ptr, FileText::tr("%1 must be a non-empty object mapping names to {shape, dtype}")
                         .arg(Reader::label(ptr)));
        return;
    }
    for (const auto &[name, spec] : j->items()) {
        const std::string p = ptr + '/' + pointerToken(name);
        const QString what = FileText::tr("%1 entry '%2'").arg(Reader::label(ptr), qs(name));
        if (!spec.is_object()) {
            r.error(p, FileText::tr("%1 must be an object with 'shape' and 'dtype', found %2")
                           .arg(what, jsonTypeName(spec)));
            continue;
        }
        TensorSpec t;
        t.name = qs(name);
        // The name is pasted into the generated header: an identifier, nothing else.
        if (!isIdentifier(t.name) || t.name.size() > 64) {
            r.error(p, FileText::tr("%1: a tensor name must be an identifier (letters, digits, _; "
                                    "not starting with a digit)")
                           .arg(what));
            continue;
        }
        QStringList missing;
        for (const char *key : {"shape", "dtype"}) {
            if (!spec.contains(key))
                missing << QString::fromLatin1(key);
        }
        if (!missing.isEmpty()) {
            r.error(p, FileText::tr("%1 misses %2").arg(what, missing.join(u", "_s)));
            continue;
        }
        if (auto dt = r.string(p + "/dtype")) {
            auto parsed = parseDType(*dt);
            if (!parsed) {
                r.error(
                    p + "/dtype",
                    FileText::tr("%1: unknown dtype '%2' (known: %3)")
                        .arg(what, *dt, u"float32, float64, int32, int64, float16, bfloat16"_s));
                continue;
            }
            t.dtype = *parsed;
        } else {
            continue;
        }
        if (t.dtype == DType::Int32 || t.dtype == DType::Int64) {
            t.low = -8;
            t.high = 8;
        }
        const Json &shape = spec["shape"];
        if (!shape.is_array()) {
            r.error(p + "/shape",
                    FileText::tr("%1: 'shape' must be an array of sizes or dim names, found %2")
                        .arg(what, jsonTypeName(shape)));
            continue;
        }
        bool ok = true;
        for (size_t i = 0; i < shape.size(); ++i) {
            const std::string sp = p + "/shape/" + std::to_string(i);
            double v = 0;
            if (shape[i].is_number_integer()) {
                v = shape[i].get<double>();
                t.shapeText << QString::number(qint64(v));
            } else if (shape[i].is_string()) {
                QString err;
                const QString text = qs(shape[i].get<std::string>());
                if (!evaluateExpression(text, w.dimNames, w.dimValues, &v, &err)) {
                    r.error(sp, w.dimNames.isEmpty()
                                    ? FileText::tr("%1: shape entry '%2': %3 (no dims declared)")
                                          .arg(what, text, err)
                                    : FileText::tr("%1: shape entry '%2': %3 (dims: %4)")
                                          .arg(what, text, err, w.dimNames.join(u", "_s)));
                    ok = false;
                    continue;
                }
                t.shapeText << text;
            } else {
                r.error(sp,
                        FileText::tr("%1: a shape entry must be an integer or a dim name, found %2")
                            .arg(what, jsonTypeName(shape[i])));
                ok = false;
                continue;
            }
            if (v > kMaxDim) {
                r.error(sp, FileText::tr("%1: a shape size of %2 is more than 2^40")
                                .arg(what, QString::number(v)));
                ok = false;
                continue;
            }
            if (v < 1 || std::floor(v) != v) {
                r.error(sp, FileText::tr("%1: shape sizes must be positive integers, found %2")
                                .arg(what, QString::number(v)));
                ok = false;
                continue;
            }
            t.shape.push_back(qint64(v));
        }
        if (spec.contains("range")) {
            const Json &range = spec["range"];
            if (!range.is_array() || range.size() != 2 || !range[0].is_number() ||
                !range[1].is_number() || range[0].get<double>() > range[1].get<double>()) {
                r.error(p + "/range",
                        FileText::tr("%1: 'range' must be [low, high] with low ≤ high").arg(what));
                ok = false;
            } else {
                t.low = range[0].get<double>();
                t.high = range[1].get<double>();
            }
        }
        r.unknownKeys(p, {u"shape"_s, u"dtype"_s, u"range"_s, u"description"_s});
        if (ok)
            out.push_back(std::move(t));
    }
}

} // namespace

namespace {

/// The element types decide the defaults a workload may override: the
/// tolerances (the loosest output type's) and the precision whose peak the
/// roofline uses (the first input's). A target that lacks a type says so.
void readPrecisionAndTolerances(Reader &r, Workload &w, const TargetProfile *target)
{
    bool first = true;
    for (const TensorSpec &o : w.outputs) {
        const DTypeInfo &info = dtypeInfo(o.dtype);
        w.correctness.atol = first ? info.atol : std::max(w.correctness.atol, info.atol);
        w.correctness.rtol = first ? info.rtol : std::max(w.correctness.rtol, info.rtol);
        first = false;
    }
    if (!w.inputs.empty())
        w.precision = QString::fromLatin1(dtypeInfo(w.inputs.front().dtype).precision);
    if (auto v = r.string("/precision", false)) {
        static const QRegularExpression word(u"^[a-z][a-z0-9_]*$"_s);
        if (!word.match(*v).hasMatch())
            r.error("/precision",
                    FileText::tr(
                        "'precision' must be a lowercase word such as fp32, tf32, fp16 or bf16"));
        else
            w.precision = *v;
    }
    if (!target || target->dtypes.isEmpty())
        return;
    for (const auto &[ptr, tensors] : {std::pair{"/inputs", &w.inputs}, {"/outputs", &w.outputs}}) {
        for (const TensorSpec &t : *tensors) {
            if (!target->dtypes.contains(dtypeName(t.dtype)))
                r.error(std::string(ptr) + '/' + pointerToken(ss(t.name)) + "/dtype",
                        FileText::tr("target '%1' does not support dtype '%2' (it supports: %3)")
                            .arg(target->id, dtypeName(t.dtype), target->dtypes.join(u", "_s)));
        }
    }
}

} // namespace

// The readers of loadWorkload, one per section of the file; each reports
// through `r` and fills `w`.
namespace {

/// name, description, target, the kernel, reference and template files, the entries.
void readIdentity(Reader &r, const Json &root, Workload &w, const TargetProfile *target)
{
    if (auto v = r.string("/name")) {
        // Shown everywhere and written into generated files' comments.
        if (!isOneLine(*v))
            r.error("/name",
                    FileText::tr("'name' must not hold control characters such as a line break"));
        else
            w.name = *v;
    }
    if (auto v = r.string("/description", false))
        w.description = *v;
    if (auto v = r.string("/target")) {
        w.target = *v;
        if (target && target->id != w.target)
            r.error(
                "/target",
                FileText::tr("workload is for target '%1', not '%2'").arg(w.target, target->id));
    }
    w.kernelPath = r.resolvePath("/kernel", w.dir, FileText::tr("kernel"));
    w.referencePath = r.resolvePath("/reference", w.dir, FileText::tr("reference"));
    if (root.contains("template"))
        w.templatePath = r.resolvePath("/template", w.dir, FileText::tr("template"));

    if (r.object("/entry")) {
        if (auto v = r.string("/entry/kernel"))
            w.kernelEntry = *v;
        if (auto v = r.string("/entry/reference"))
            w.referenceEntry = *v;
        r.unknownKeys("/entry", {u"kernel"_s, u"reference"_s});
    }
    for (const QString &entry : {w.kernelEntry, w.referenceEntry}) {
        if (!isIdentifier(entry))
            r.error("/entry", FileText::tr("entry '%1' is not a valid function name").arg(entry));
    }
    if (w.kernelEntry == w.referenceEntry)
        r.error("/entry",
                FileText::tr(
                    "kernel and reference entries must differ (both are '%1'); set entry.reference")
                    .arg(w.kernelEntry));
}

/// dims and verify_dims (the second shape).
void readDims(Reader &r, const Json &root, Workload &w)
{
    if (r.object("/dims")) {
        for (const auto &[name, value] : root["dims"].items()) {
            const std::string p = "/dims/" + pointerToken(name);
            if (!isIdentifier(qs(name))) {
                r.error(p, FileText::tr("dim name '%1' must be an identifier (letters, digits, _; "
                                        "not starting with a digit)")
                               .arg(qs(name)));
                continue;
            }
            if (!value.is_number_integer() || value.get<qint64>() < 1) {
                r.error(p,
                        FileText::tr("dim '%1' must be a positive integer, found %2")
                            .arg(qs(name), value.is_number() ? QString::number(value.get<double>())
                                                             : jsonTypeName(value)));
                continue;
            }
            if (value.get<double>() > kMaxDim) {
                r.error(p, FileText::tr("dim '%1' is %2, more than 2^40")
                               .arg(qs(name), QString::number(value.get<double>(), 'f', 0)));
                continue;
            }
            w.dimNames << qs(name);
            w.dimValues.push_back(value.get<double>());
        }
    }
    if (r.object("/verify_dims")) {
        w.verifyDimValues = w.dimValues;
        bool named = true;
        for (const auto &[name, value] : root["verify_dims"].items()) {
            const std::string p = "/verify_dims/" + pointerToken(name);
            const qsizetype at = w.dimNames.indexOf(qs(name));
            if (at < 0) {
                r.error(p, FileText::tr("'%1' is not one of the dims (%2)")
                               .arg(qs(name), w.dimNames.join(u", "_s)));
                named = false;
                continue;
            }
            if (!value.is_number_integer() || value.get<qint64>() < 1) {
                r.error(p,
                        FileText::tr("dim '%1' must be a positive integer, found %2")
                            .arg(qs(name), value.is_number() ? QString::number(value.get<double>())
                                                             : jsonTypeName(value)));
                continue;
            }
            w.verifyDimValues[size_t(at)] = value.get<double>();
        }
        if (named && w.verifyDimValues == w.dimValues)
            r.warn("/verify_dims",
                   FileText::tr(
                       "verify_dims names the benchmark shape itself, so it checks nothing new"));
    }
}

/// inputs, outputs, precision and tolerances, flops and bytes.
void readTensorsAndCost(Reader &r, Workload &w, const TargetProfile *target)
{
    readTensors(r, "/inputs", w, w.inputs);
    readTensors(r, "/outputs", w, w.outputs);
    {
        double total = 0;
        for (const auto *tensors : {&w.inputs, &w.outputs}) {
            for (const TensorSpec &t : *tensors)
                total += t.bytes();
        }
        if (total > kMaxTensorBytes)
            r.error("/inputs",
                    FileText::tr("the tensors take %1 GB, more than the %2 GB a workload may ask "
                                 "the harness to allocate "
                                 "(it keeps two sets of inputs and a copy of each output besides)")
                        .arg(QString::number(total / 1e9, 'g', 3),
                             QString::number(kMaxTensorBytes / 1e9, 'g', 3)));
    }
    readPrecisionAndTolerances(r, w, target);
    for (const TensorSpec &o : w.outputs) {
        for (const TensorSpec &i : w.inputs) {
            if (i.name == o.name)
                r.error("/outputs/" + ss(o.name),
                        FileText::tr("'%1' is both an input and an output").arg(o.name));
        }
    }

    for (const auto &[key, text, value] : {std::tuple{"/flops", &w.flopsText, &w.flops},
                                           std::tuple{"/bytes", &w.bytesText, &w.bytes}}) {
        auto expr = r.string(key);
        if (!expr)
            continue;
        QString err;
        if (!evaluateExpression(*expr, w.dimNames, w.dimValues, value, &err) || *value < 0) {
            r.error(key, FileText::tr("%1 formula '%2': %3")
                             .arg(Reader::label(key), *expr,
                                  err.isEmpty() ? FileText::tr("must not be negative") : err));
            continue;
        }
        *text = *expr;
    }
}

/// cluster: a Slurm cluster written out as a section; it becomes one more
/// host, slurm://LOGIN?….
void readCluster(Reader &r, Workload &w)
{
    if (!r.object("/cluster"))
        return;
    r.unknownKeys("/cluster", {u"login"_s, u"partition"_s, u"gres"_s, u"constraint"_s, u"qos"_s,
                               u"account"_s, u"time"_s, u"sbatch"_s, u"allocation"_s});
    SlurmSpec spec;
    spec.login = r.string("/cluster/login").value_or(spec.login);
    const std::pair<const char *, QString *> fields[] = {
        {"/cluster/partition", &spec.partition},   {"/cluster/gres", &spec.gres},
        {"/cluster/constraint", &spec.constraint}, {"/cluster/qos", &spec.qos},
        {"/cluster/account", &spec.account},       {"/cluster/time", &spec.time}};
    for (const auto &[ptr, field] : fields) {
        *field = r.string(ptr).value_or(QString());
        if (field->contains(QRegularExpression(u"\\s"_s))) {
            r.error(ptr, FileText::tr("%1 must not contain spaces").arg(Reader::label(ptr)));
            field->clear();
        }
    }
    spec.extra = r.strings("/cluster/sbatch").value_or(QStringList());
    spec.allocation = int(r.integer("/cluster/allocation", 1, 100'000).value_or(0));
    const QString url = spec.toString();
    QString error;
    if (!SlurmSpec::parse(url, &error))
        return r.error("/cluster", error);
    w.hosts << url;
}

/// hosts (and the cluster section's host).
void readHosts(Reader &r, const Json &root, Workload &w)
{
    if (auto hosts = r.strings("/hosts")) {
        const Json &raw = root["hosts"];
        for (size_t i = 0; i < raw.size(); ++i) {
            const QString host = raw[i].is_string() ? qs(raw[i].get<std::string>()) : u"-"_s;
            QString slurmError;
            if (SlurmSpec::isSlurm(host) && !SlurmSpec::parse(host, &slurmError))
                r.error("/hosts/" + std::to_string(i), slurmError);
            else if (host.trimmed().isEmpty() || host.contains(u' '))
                r.error("/hosts/" + std::to_string(i),
                        FileText::tr("host '%1' must be \"local\", user@host[:port], an ssh alias "
                                     "or slurm://LOGIN?partition=…")
                            .arg(host));
        }
        w.hosts = *hosts;
        readCluster(r, w);
        if (w.hosts.isEmpty())
            r.error("/hosts", FileText::tr("'hosts' must name at least one host (e.g. \"local\"), "
                                           "or 'cluster' a Slurm cluster"));
    }
}

/// goal: its metric (from the target's catalog), target and direction.
void readGoal(Reader &r, Workload &w, const TargetProfile *target)
{
    if (r.object("/goal")) {
        if (auto v = r.string("/goal/metric")) {
            w.goal.metric = *v;
            if (target) {
                QStringList names = target->metricNames();
                for (const auto &[name, expr] : target->derived)
                    names << name;
                if (!names.contains(*v))
                    r.error("/goal/metric",
                            FileText::tr("goal metric '%1' is not in the %2 metric catalog")
                                    .arg(*v, target->id) +
                                didYouMean(*v, names));
                if (const MetricInfo *m = target->metric(*v))
                    w.goal.higherIsBetter = m->higherIsBetter;
            }
        }
        if (auto v = r.number("/goal/target", -1e300, false))
            w.goal.target = *v;
        if (auto v = r.string("/goal/direction")) {
            if (*v == u"max"_s || *v == u"higher"_s)
                w.goal.higherIsBetter = true;
            else if (*v == u"min"_s || *v == u"lower"_s)
                w.goal.higherIsBetter = false;
            else
                r.error("/goal/direction",
                        FileText::tr("'goal.direction' must be \"max\" or \"min\", found \"%1\"")
                            .arg(*v));
        }
        r.unknownKeys("/goal", {u"metric"_s, u"target"_s, u"direction"_s});
    }
}

/// rounds, batch, threads, max_speedup, planner and the llm settings.
void readPlanning(Reader &r, Workload &w)
{
    if (auto v = r.integer("/rounds", 1))
        w.rounds = int(*v);
    if (auto v = r.integer("/batch", 1))
        w.batch = int(*v);
    if (auto v = r.integer("/threads", 1))
        w.threads = int(*v);
    if (auto v = r.number("/max_speedup", 1, true))
        w.maxSpeedup = *v;
    if (auto v = r.number("/max_speedup_over_baseline", 0, false)) {
        if (*v > 0 && *v < 1)
            r.error("/max_speedup_over_baseline",
                    FileText::tr("'max_speedup_over_baseline' must be 0 (no bound) or at least 1, "
                                 "found %1")
                        .arg(*v));
        else
            w.maxSpeedupOverBaseline = *v;
    }
    if (auto v = r.string("/planner")) {
        // The same two words kwb run and the window accept (choosePlanner):
        // "manual" validated once and then meant the search in the window.
        if (*v != u"search"_s && *v != u"llm"_s)
            r.error("/planner",
                    FileText::tr("'planner' must be \"search\" or \"llm\", found \"%1\"").arg(*v));
        else
            w.planner = *v;
    }
    if (const Json *llm = r.find("/llm")) {
        QString error;
        std::string member;
        if (!LlmSettings::fromJson(*llm, &error, &member)) {
            r.error(member.empty() ? "/llm" : "/llm/" + member, error);
        } else {
            w.llm = *llm;
            // The prompt folder, like the kernel, is relative to the workload.
            if (const auto rel = r.string("/llm/prompts")) {
                const QString abs = QDir::cleanPath(QDir(w.dir).absoluteFilePath(*rel));
                if (!QFileInfo(abs).isDir())
                    r.error("/llm/prompts",
                            FileText::tr("prompt folder '%1' not found (looked for %2)")
                                .arg(*rel, abs));
                w.llm["prompts"] = ss(abs);
            }
        }
        r.unknownKeys("/llm", {u"provider"_s, u"base_url"_s, u"model"_s, u"api_key_env"_s,
                               u"keychain"_s, u"command"_s, u"max_tokens"_s, u"temperature"_s,
                               u"retries"_s, u"timeout_s"_s, u"price_in"_s, u"price_out"_s,
                               u"prices"_s, u"notes"_s, u"samples"_s, u"prompts"_s});
    }
}

/// correctness, benchmark, divergence and compile flags.
void readMeasurement(Reader &r, Workload &w)
{
    if (r.object("/correctness")) {
        if (auto v = r.number("/correctness/atol", 0, false))
            w.correctness.atol = *v;
        if (auto v = r.number("/correctness/rtol", 0, false))
            w.correctness.rtol = *v;
        if (const Json *seeds = r.find("/correctness/seeds")) {
            if (seeds->is_number_integer()) {
                if (auto n = r.integer("/correctness/seeds", 1, kMaxSeeds)) {
                    w.correctness.seeds.clear();
                    for (qint64 s = 1; s <= *n; ++s)
                        w.correctness.seeds.push_back(s);
                }
            } else if (seeds->is_array() && seeds->size() > size_t(kMaxSeeds)) {
                r.error("/correctness/seeds",
                        FileText::tr("'correctness.seeds' may list at most %1 seeds, found %2")
                            .arg(kMaxSeeds)
                            .arg(seeds->size()));
            } else if (seeds->is_array() && !seeds->empty() &&
                       std::all_of(seeds->begin(), seeds->end(),
                                   [](const Json &s) { return s.is_number_integer(); })) {
                w.correctness.seeds.clear();
                for (const Json &s : *seeds)
                    w.correctness.seeds.push_back(s.get<qint64>());
            } else {
                r.error("/correctness/seeds", FileText::tr("'correctness.seeds' must be a count or "
                                                           "an array of integer seeds, found %1")
                                                  .arg(jsonTypeName(*seeds)));
            }
        }
        r.unknownKeys("/correctness", {u"atol"_s, u"rtol"_s, u"seeds"_s});
    }
    if (r.object("/benchmark")) {
        if (auto v = r.integer("/benchmark/warmup", 0))
            w.benchmark.warmup = int(*v);
        if (auto v = r.integer("/benchmark/iters", 1))
            w.benchmark.iters = int(*v);
        if (auto v = r.number("/benchmark/max_seconds", 0, true))
            w.benchmark.maxSeconds = *v;
        if (auto v = r.number("/benchmark/timeout_s", 0, true))
            w.benchmark.timeoutSeconds = *v;
        if (auto v = r.boolean("/benchmark/cold_cache"))
            w.benchmark.coldCache = *v;
        if (auto v = r.integer("/benchmark/close_call_retimings", 0, 10))
            w.benchmark.closeCallRetimings = int(*v);
        r.unknownKeys("/benchmark", {u"warmup"_s, u"iters"_s, u"max_seconds"_s, u"timeout_s"_s,
                                     u"cold_cache"_s, u"close_call_retimings"_s});
    }
    if (r.object("/divergence")) {
        if (auto v = r.number("/divergence/threshold", 0, true))
            w.divergence.threshold = *v;
        if (auto v = r.integer("/divergence/max_failures", 1))
            w.divergence.maxFailures = int(*v);
        r.unknownKeys("/divergence", {u"threshold"_s, u"max_failures"_s});
    }
    if (auto v = r.strings("/compile_flags"))
        w.compileFlags = *v;
}

/// the second shape's check, knobs, knob_map, baselines.
void readKnobsAndBaselines(Reader &r, const Json &root, const JsonText &doc, Workload &w,
                           WorkloadLoad &out)
{
    if (!w.verifyDimValues.empty()) {
        QString err;
        if (!reshaped(w, w.verifyDimValues, &err))
            r.error("/verify_dims", FileText::tr("the second shape does not work: %1").arg(err));
    }
    QList<Diagnostic> knobProblems;
    w.knobs = KnobSpace::fromJson(doc, w.dimNames, w.dimValues, &knobProblems);
    for (const Diagnostic &d : std::as_const(knobProblems))
        (d.severity == Diagnostic::Severity::Warning ? out.warnings : out.errors).append(d);
    if (r.object("/knob_map")) {
        for (const auto &[cls, names] : root["knob_map"].items()) {
            const std::string p = "/knob_map/" + pointerToken(cls);
            auto list = r.strings(p);
            if (!list)
                continue;
            for (qsizetype i = 0; i < list->size(); ++i) {
                if (w.knobs.indexOfKnob(list->at(i)) < 0)
                    r.error(p + '/' + std::to_string(i),
                            FileText::tr("knob_map names unknown knob '%1'").arg(list->at(i)));
            }
            w.knobMap.insert(qs(cls), *list);
        }
    }
    if (const Json *bs = r.find("/baselines")) {
        if (!bs->is_array()) {
            r.error("/baselines",
                    FileText::tr("'baselines' must be an array of {name, kernel, link}, found %1")
                        .arg(jsonTypeName(*bs)));
        } else {
            for (size_t i = 0; i < bs->size(); ++i) {
                const std::string p = "/baselines/" + std::to_string(i);
                if (!(*bs)[i].is_object()) {
                    r.error(p,
                            FileText::tr("a baseline must be an object with 'name' and 'kernel'"));
                    continue;
                }
                BaselineSpec b;
                b.name = r.string(p + "/name").value_or(QString());
                const QString kernel = r.string(p + "/kernel").value_or(QString());
                if (b.name.isEmpty() || kernel.isEmpty()) {
                    r.error(p, FileText::tr("a baseline needs 'name' and 'kernel'"));
                    continue;
                }
                b.kernelPath = kernel == u"@reference"_s
                                   ? kernel
                                   : r.resolvePath(p + "/kernel", w.dir, FileText::tr("baseline"));
                b.linkFlags = r.strings(p + "/link").value_or(QStringList());
                b.optional = r.boolean(p + "/optional").value_or(false);
                r.unknownKeys(p,
                              {u"name"_s, u"kernel"_s, u"link"_s, u"optional"_s, u"description"_s});
                if (!b.kernelPath.isEmpty())
                    w.baselines.push_back(b);
            }
        }
    }

    if (!w.knobs.isEmpty() && w.templatePath.isEmpty() && !root.contains("template"))
        r.warn("/knobs", FileText::tr("knobs are declared but no 'template' kernel uses them"));
}

/// launch (global and local sizes over dims and knobs), device, and what
/// the target requires.
void readLaunch(Reader &r, const Json &root, Workload &w, const TargetProfile *target)
{
    if (auto v = r.string("/device"))
        w.device = *v;
    if (target) {
        for (const QString &key : target->workloadNeeds) {
            if (!root.contains(ss(key)))
                r.error("",
                        FileText::tr("target '%1' needs '%2' in the workload%3")
                            .arg(target->id, key,
                                 key == u"launch"_s
                                     ? FileText::tr(" (global and local sizes, e.g. "
                                                    "{\"global\": [\"N\"], \"local\": [\"64\"]})")
                                     : QString()));
        }
    }
    if (!r.object("/launch"))
        return;
    r.unknownKeys("/launch", {u"global"_s, u"local"_s});
    QStringList names = w.dimNames;
    for (const Knob &k : w.knobs.knobs()) {
        if (!k.values.empty() && k.values.front().numeric)
            names << k.name;
    }
    for (const auto &[key, list] : {std::pair{"/launch/global", &w.launch.global},
                                    std::pair{"/launch/local", &w.launch.local}}) {
        // Numbers and expressions alike: [1024, "N / TILE"].
        const Json *raw = r.find(key);
        if (!raw)
            continue;
        if (!raw->is_array()) {
            r.error(key, FileText::tr("%1 must be an array of sizes, found %2")
                             .arg(Reader::label(key), jsonTypeName(*raw)));
            continue;
        }
        std::optional<QStringList> v = QStringList();
        for (size_t i = 0; i < raw->size(); ++i) {
            const Json &item = (*raw)[i];
            if (item.is_number())
                *v << QString::number(item.get<double>(), 'g', 17);
            else if (item.is_string())
                *v << qs(item.get<std::string>());
            else
                r.error(std::string(key) + '/' + std::to_string(i),
                        FileText::tr("a launch size must be a number or an expression, found %1")
                            .arg(jsonTypeName(item)));
        }
        if (v->size() != qsizetype(raw->size()))
            continue;
        if (v->isEmpty() || v->size() > 3) {
            r.error(key, FileText::tr("%1 must list 1 to 3 sizes, one per dimension")
                             .arg(Reader::label(key)));
            continue;
        }
        for (qsizetype i = 0; i < v->size(); ++i) {
            Expression e;
            if (!e.compile(v->at(i), names))
                r.error(std::string(key) + '/' + std::to_string(i),
                        FileText::tr("launch size '%1': %2").arg(v->at(i), e.errorString()));
        }
        *list = *v;
    }
    if (w.launch.global.isEmpty())
        r.error("/launch", FileText::tr("'launch' needs 'global': the work-items per dimension"));
    else if (!w.launch.local.isEmpty() && w.launch.local.size() != w.launch.global.size())
        r.error("/launch/local", FileText::tr("'local' must have as many sizes as 'global' (%1)")
                                     .arg(w.launch.global.size()));
}

} // namespace

WorkloadLoad loadWorkload(const QString &path, const TargetProfile *target)
{
    WorkloadLoad out;
    const QString absPath = QFileInfo(path).absoluteFilePath();
    Diagnostic syntax;
    auto doc = JsonText::parseFile(path, &syntax);
    if (!doc) {
        out.errors.append(syntax);
        return out;
    }
    const Json &root = doc->root();
    Reader r(*doc, &out.errors, &out.warnings);
    out.warnings += doc->duplicateKeyWarnings();
    if (!root.is_object()) {
        r.error("",
                FileText::tr("a workload must be a JSON object, found %1").arg(jsonTypeName(root)));
        return out;
    }

    Workload w;
    w.path = absPath;
    w.dir = QFileInfo(absPath).absolutePath();
    w.snapshot = root;

    // Every missing required name in one message, nested ones included.
    QStringList missing;
    for (const QString &key : kRequired) {
        if (!root.contains(ss(key)))
            missing << key;
    }
    if (root.contains("goal") && root["goal"].is_object()) {
        for (const char *key : {"metric", "target"}) {
            if (!root["goal"].contains(key))
                missing << u"goal."_s + QString::fromLatin1(key);
        }
    }
    if (!missing.isEmpty()) {
        out.errors.append({Diagnostic::Severity::Error,
                           path,
                           {},
                           (missing.size() == 1 ? FileText::tr("missing required name: %1")
                                                : FileText::tr("missing required names: %1"))
                               .arg(missing.join(u", "_s))});
    }
    r.unknownKeys("", kRequired + kOptional);

    readIdentity(r, root, w, target);
    readDims(r, root, w);
    readTensorsAndCost(r, w, target);
    readHosts(r, root, w);
    readGoal(r, w, target);
    readPlanning(r, w);
    readMeasurement(r, w);
    readKnobsAndBaselines(r, root, *doc, w, out);
    readLaunch(r, root, w, target);

    sortByPosition(out.errors);
    sortByPosition(out.warnings);
    if (out.errors.isEmpty())
        out.workload = std::move(w);
    return out;
}

std::optional<Workload> reshaped(const Workload &workload, const std::vector<double> &dimValues,
                                 QString *error)
{
    Workload w = workload;
    w.dimValues = dimValues;
    for (auto *tensors : {&w.inputs, &w.outputs}) {
        for (TensorSpec &t : *tensors) {
            t.shape.clear();
            for (const QString &text : std::as_const(t.shapeText)) {
                double v = 0;
                QString err;
                if (!evaluateExpression(text, w.dimNames, w.dimValues, &v, &err) || v < 1 ||
                    std::floor(v) != v) {
                    *error = FileText::tr("%1: shape entry '%2' is %3 with the other dims")
                                 .arg(t.name, text, err.isEmpty() ? QString::number(v) : err);
                    return std::nullopt;
                }
                t.shape.push_back(qint64(v));
            }
        }
    }
    for (const auto &[text, value] :
         {std::pair{&w.flopsText, &w.flops}, std::pair{&w.bytesText, &w.bytes}}) {
        QString err;
        if (!text->isEmpty() && !evaluateExpression(*text, w.dimNames, w.dimValues, value, &err)) {
            *error = *text + u": "_s + err;
            return std::nullopt;
        }
    }
    return w;
}

LoadedWorkload loadWorkloadAndTarget(const QString &path)
{
    LoadedWorkload out;
    if (!QFileInfo::exists(path)) {
        out.errors.append(
            {Diagnostic::Severity::Error, path, {}, FileText::tr("no such workload file")});
        return out;
    }
    Diagnostic syntax, targetError;
    QList<Diagnostic> targetWarnings;
    if (auto doc = JsonText::parseFile(path, &syntax); doc && doc->root().is_object()) {
        const Json &t = doc->root().value("target", Json());
        if (t.is_string()) {
            out.target =
                TargetRegistry::load(qs(t.get<std::string>()), &targetError, &targetWarnings);
            if (!out.target && targetError.file.isEmpty()) {
                targetError.file = path;
                targetError.pos = doc->valuePos("/target");
            }
        }
    }
    WorkloadLoad load = loadWorkload(path, out.target ? &*out.target : nullptr);
    out.warnings = targetWarnings + load.warnings;
    out.errors = load.errors;
    if (!out.target && load.workload)
        out.errors.append(targetError);
    if (out.errors.isEmpty())
        out.workload = std::move(load.workload);
    return out;
}

} // namespace kwb
