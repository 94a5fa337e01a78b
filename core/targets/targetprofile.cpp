#include "targetprofile.h"

#include "util/contractreader.h"
#include "util/expression.h"
#include "util/messages.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

QString MetricInfo::displayName() const
{
    return label.isEmpty() ? QString(name).replace(u'_', u' ') : label;
}

QString withUnit(const QString &words, const QString &unit)
{
    return unit.isEmpty() || words == unit ? words : words + u" ("_s + unit + u')';
}

QString MetricInfo::title() const
{
    return withUnit(displayName(), unit);
}

const MetricInfo *TargetProfile::metric(const QString &metricName) const
{
    for (const MetricInfo &m : metrics) {
        if (m.name == metricName)
            return &m;
    }
    return nullptr;
}

QStringList TargetProfile::metricNames() const
{
    QStringList names;
    for (const MetricInfo &m : metrics)
        names << m.name;
    return names;
}

QStringList TargetProfile::evaluationInputs()
{
    return {u"flops"_s, u"bytes"_s, u"failed"_s};
}

QStringList TargetProfile::formulaInputs() const
{
    return evaluationInputs() << calibration.peakFlopRate << calibration.peakBandwidth;
}

const MetricInfo *TargetProfile::metricFor(MetricRole role) const
{
    if (role == MetricRole::None)
        return nullptr;
    for (const MetricInfo &m : metrics) {
        if (m.role == role)
            return &m;
    }
    return nullptr;
}

Json TargetProfile::roleNames() const
{
    Json roles = Json::object();
    for (const MetricInfo &m : metrics) {
        if (m.role != MetricRole::None)
            roles[ss(metricRoleWord(m.role))] = ss(m.name);
    }
    return roles;
}

const std::vector<MetricRole> &metricRoles()
{
    static const std::vector<MetricRole> all = {MetricRole::Latency,
                                                MetricRole::FlopRate,
                                                MetricRole::Bandwidth,
                                                MetricRole::Intensity,
                                                MetricRole::ShareOfPeakFlops,
                                                MetricRole::ShareOfPeakBandwidth,
                                                MetricRole::ShareOfRoofline,
                                                MetricRole::Mfu,
                                                MetricRole::Mbu};
    return all;
}

QString metricRoleWord(MetricRole role)
{
    switch (role) {
    case MetricRole::None:
        return {};
    case MetricRole::Latency:
        return u"latency"_s;
    case MetricRole::FlopRate:
        return u"flop_rate"_s;
    case MetricRole::Bandwidth:
        return u"bandwidth"_s;
    case MetricRole::Intensity:
        return u"intensity"_s;
    case MetricRole::ShareOfPeakFlops:
        return u"share_of_peak_flops"_s;
    case MetricRole::ShareOfPeakBandwidth:
        return u"share_of_peak_bandwidth"_s;
    case MetricRole::ShareOfRoofline:
        return u"share_of_roofline"_s;
    case MetricRole::Mfu:
        return u"mfu"_s;
    case MetricRole::Mbu:
        return u"mbu"_s;
    }
    return {};
}

std::optional<MetricRole> metricRoleFromWord(const QString &word)
{
    for (MetricRole r : metricRoles()) {
        if (metricRoleWord(r) == word)
            return r;
    }
    return std::nullopt;
}

QStringList metricRoleWords()
{
    QStringList words;
    for (MetricRole r : metricRoles())
        words << metricRoleWord(r);
    return words;
}

QString TargetProfile::filePath(const QString &file) const
{
    return QDir::cleanPath(dir + u'/' + file);
}

QStringList TargetRegistry::searchPaths()
{
    QStringList paths;
    const QString env = qEnvironmentVariable("KWB_TARGETS_DIR");
    if (!env.isEmpty())
        paths << env;
    if (QCoreApplication::instance()) {
        paths << QCoreApplication::applicationDirPath() + u"/../share/kernel-workbench/targets"_s;
    }
    paths << u":/kwb/targets"_s;
    return paths;
}

QStringList TargetRegistry::availableIds()
{
    QStringList ids;
    for (const QString &path : searchPaths()) {
        const auto entries = QDir(path).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString &id : entries) {
            if (!ids.contains(id) && QFileInfo::exists(path + u'/' + id + u"/target.json"_s))
                ids << id;
        }
    }
    return ids;
}

QString TargetRegistry::fileOf(const QString &id)
{
    // An id names a folder of the search path, never a path of its own.
    static const QRegularExpression plain(u"^[A-Za-z0-9_][A-Za-z0-9_.-]*$"_s);
    for (const QString &path : plain.match(id).hasMatch() ? searchPaths() : QStringList()) {
        QString file = path + u'/' + id + u"/target.json"_s;
        if (QFileInfo::exists(file))
            return file;
    }
    return {};
}

std::optional<TargetProfile> TargetRegistry::load(const QString &id, Diagnostic *error,
                                                  QList<Diagnostic> *warnings)
{
    if (const QString file = fileOf(id); !file.isEmpty())
        return loadFile(file, error, warnings);
    if (error) {
        const QStringList known = availableIds();
        *error = {
            Diagnostic::Severity::Error,
            QString(),
            {},
            known.isEmpty()
                ? FileText::tr("unknown target '%1' (no targets found)").arg(id)
                : FileText::tr("unknown target '%1' (known: %2)").arg(id, known.join(u", "_s))};
    }
    return std::nullopt;
}

std::optional<TargetProfile> TargetRegistry::loadFile(const QString &path, Diagnostic *error,
                                                      QList<Diagnostic> *warnings)
{
    TargetLoad read = readFile(path);
    if (warnings)
        *warnings += read.warnings;
    if (!read.target && error && !read.errors.isEmpty())
        *error = read.errors.front();
    return std::move(read.target);
}

namespace {

const QStringList kTopKeys = {
    u"schema"_s,      u"id"_s,           u"name"_s,          u"language"_s, u"source_extension"_s,
    u"knob_define"_s, u"line_comment"_s, u"dtypes"_s,        u"files"_s,    u"requires"_s,
    u"command"_s,     u"calibrate"_s,    u"prerequisites"_s, u"compiler"_s, u"metrics"_s,
    u"derived"_s,     u"bottleneck"_s,   u"audit"_s,         u"guards"_s,   u"calibration"_s};

std::string at(const std::string &ptr, size_t i)
{
    return ptr + '/' + std::to_string(i);
}

/// Reads a target.json into a profile with a ContractReader: every problem
/// is reported with its place, an unknown key is a warning.
class TargetReader
{
public:
    TargetReader(const JsonText &doc, TargetLoad *out) : m_r(doc, &out->errors, &out->warnings) {}

    void read(TargetProfile &t);

private:
    QString text(const std::string &ptr, const QString &otherwise = {})
    {
        return m_r.string(ptr, false).value_or(otherwise);
    }
    QStringList list(const std::string &ptr) { return m_r.strings(ptr).value_or(QStringList()); }
    /// The items of the array at `ptr` that are objects (others reported),
    /// their unknown keys warned about.
    std::vector<std::string> objects(const std::string &ptr, const QStringList &keys);
    /// The strings at `ptrs`, or nullopt with one `message` (at the
    /// object) when one is absent.
    std::optional<QStringList> required(std::initializer_list<std::string> ptrs,
                                        const QString &message);
    /// Whether `expr` compiles; else reports `what` with the reason as its
    /// last placeholder.
    bool compiles(const std::string &ptr, const QString &expr, const QString &what);

    void readMetrics(TargetProfile &t);
    void readCalibration(TargetProfile &t);
    void readDerived(TargetProfile &t);
    void readRules(TargetProfile &t);
    void readAudit(TargetProfile &t);

    ContractReader m_r;
    QStringList m_known; ///< what derived metrics and rules may use
};

std::vector<std::string> TargetReader::objects(const std::string &ptr, const QStringList &keys)
{
    std::vector<std::string> out;
    const Json *items = m_r.find(ptr);
    if (!items)
        return out;
    if (!items->is_array()) {
        m_r.error(ptr, FileText::tr("%1 must be an array of objects, found %2")
                           .arg(ContractReader::label(ptr), jsonTypeName(*items)));
        return out;
    }
    for (size_t i = 0; i < items->size(); ++i) {
        if (!(*items)[i].is_object()) {
            m_r.error(at(ptr, i),
                      FileText::tr("must be an object, found %1").arg(jsonTypeName((*items)[i])));
            continue;
        }
        m_r.unknownKeys(at(ptr, i), keys);
        out.push_back(at(ptr, i));
    }
    return out;
}

std::optional<QStringList> TargetReader::required(std::initializer_list<std::string> ptrs,
                                                  const QString &message)
{
    QStringList values;
    for (const std::string &ptr : ptrs) {
        if (!m_r.find(ptr)) {
            m_r.error(ptr.substr(0, ptr.rfind('/')), message);
            return std::nullopt;
        }
        values << text(ptr);
    }
    return values;
}

bool TargetReader::compiles(const std::string &ptr, const QString &expr, const QString &what)
{
    Expression e;
    if (e.compile(expr, m_known))
        return true;
    m_r.error(ptr, what.arg(e.errorString()));
    return false;
}

void TargetReader::read(TargetProfile &t)
{
    m_r.unknownKeys("", kTopKeys);
    for (const char *key : {"id", "name", "command", "metrics"}) {
        if (!m_r.doc().root().contains(key))
            m_r.error("", FileText::tr("target profile misses '%1'").arg(QString::fromLatin1(key)));
    }
    t.id = text("/id");
    t.name = text("/name");
    t.language = text("/language", u"cpp"_s);
    t.sourceExtension = text("/source_extension", u"cpp"_s);
    t.knobDefine = text("/knob_define", u"#define {name} {value}"_s);
    t.lineComment = text("/line_comment", u"//"_s);
    t.dtypes = list("/dtypes");
    t.files = list("/files");
    t.workloadNeeds = list("/requires");
    t.command = list("/command");
    t.calibrateCommand = list("/calibrate");
    if (const Json *command = m_r.find("/command");
        command && command->is_array() && command->empty())
        m_r.error("/command", FileText::tr("'command' must be a non-empty array of strings"));
    for (qsizetype i = 0; i < t.files.size(); ++i) {
        if (!QFileInfo::exists(t.filePath(t.files[i])))
            m_r.error(
                at("/files", size_t(i)),
                FileText::tr("harness file '%1' is missing beside target.json").arg(t.files[i]));
    }
    for (const std::string &ptr : objects("/prerequisites", {u"name"_s, u"command"_s, u"hint"_s})) {
        Prerequisite q{text(ptr + "/name"), list(ptr + "/command"), text(ptr + "/hint")};
        if (!q.command.isEmpty())
            t.prerequisites.push_back(std::move(q));
    }
    if (m_r.object("/compiler")) {
        m_r.unknownKeys("/compiler", {u"cxx"_s, u"flags"_s});
        t.compiler = text("/compiler/cxx");
        t.compilerFlags = list("/compiler/flags");
    }
    readMetrics(t);
    readCalibration(t);
    readDerived(t);
    readRules(t);
    readAudit(t);
}

void TargetReader::readMetrics(TargetProfile &t)
{
    for (const std::string &ptr :
         objects("/metrics", {u"name"_s, u"label"_s, u"unit"_s, u"description"_s, u"better"_s,
                              u"role"_s, u"shown"_s})) {
        MetricInfo info;
        const auto name =
            required({ptr + "/name"}, FileText::tr("each metric needs a string 'name'"));
        info.name = name ? name->front() : QString();
        info.label = text(ptr + "/label");
        info.unit = text(ptr + "/unit");
        info.description = text(ptr + "/description");
        const QString better = text(ptr + "/better", u"higher"_s);
        if (better != u"higher"_s && better != u"lower"_s)
            m_r.error(ptr + "/better", FileText::tr("'better' must be \"higher\" or \"lower\""));
        info.higherIsBetter = better == u"higher"_s;
        info.shown = m_r.boolean(ptr + "/shown").value_or(true);
        if (const std::optional<QString> word = m_r.string(ptr + "/role")) {
            if (const auto role = metricRoleFromWord(*word); !role) {
                m_r.error(ptr + "/role", FileText::tr("unknown role '%1' (known: %2)")
                                                 .arg(*word, metricRoleWords().join(u", "_s)) +
                                             didYouMean(*word, metricRoleWords()));
            } else if (const MetricInfo *other = t.metricFor(*role)) {
                m_r.error(
                    ptr + "/role",
                    FileText::tr("metric '%1' already has the role '%2'").arg(other->name, *word));
            } else {
                info.role = *role;
            }
        }
        if (!name)
            continue;
        if (t.metric(info.name))
            m_r.error(ptr + "/name",
                      FileText::tr("metric '%1' is in the catalog twice").arg(info.name));
        else
            t.metrics.push_back(info);
    }
}

// The fields of calibrate's document that hold the host's ceilings. The
// peaks are formula variables too, so each is a plain name and none hides
// a metric or an input.
void TargetReader::readCalibration(TargetProfile &t)
{
    if (!m_r.object("/calibration"))
        return;
    const std::pair<const char *, QString *> roles[] = {
        {"peak_flop_rate", &t.calibration.peakFlopRate},
        {"peak_flop_rate_by_precision", &t.calibration.peakFlopRateByPrecision},
        {"peak_bandwidth", &t.calibration.peakBandwidth}};
    QStringList words;
    for (const auto &[word, field] : roles)
        words << QString::fromLatin1(word);
    m_r.unknownKeys("/calibration", words);
    static const QRegularExpression plainName(u"^[A-Za-z_][A-Za-z0-9_]*$"_s);
    // Taken: the inputs, the metrics, and the names of the roles left at
    // their defaults, so no two figures end up under one name.
    QStringList taken = TargetProfile::evaluationInputs();
    for (const MetricInfo &m : t.metrics)
        taken << m.name;
    for (const auto &[word, field] : roles) {
        if (!m_r.find("/calibration/" + std::string(word)))
            taken << *field;
    }
    for (const auto &[word, field] : roles) {
        const std::string ptr = "/calibration/" + std::string(word);
        const auto name = m_r.string(ptr, false);
        if (!name)
            continue;
        if (!plainName.match(*name).hasMatch())
            m_r.error(
                ptr, FileText::tr("'%1' is not a plain name (letters, digits and '_')").arg(*name));
        else if (taken.contains(*name))
            m_r.error(ptr, FileText::tr("'%1' is already the name of a metric, an input or "
                                        "another calibration figure")
                               .arg(*name));
        else
            *field = *name;
        taken << *field;
    }
}

// Derived metrics may use the inputs every evaluation provides, the host's
// calibrated peaks, the catalog's measured metrics and earlier derived ones.
void TargetReader::readDerived(TargetProfile &t)
{
    const QStringList inputs = t.formulaInputs();
    m_known = inputs;
    for (const MetricInfo &m : t.metrics)
        m_known << m.name;
    const Json *derived = m_r.find("/derived");
    if (!derived)
        return;
    if (!derived->is_object()) {
        m_r.error("/derived", FileText::tr("'derived' must be an object of name → expression"));
        return;
    }
    for (const auto &[key, expr] : derived->items()) {
        const std::string ptr = "/derived/" + pointerToken(key);
        const QString name = qs(key);
        if (inputs.contains(name))
            m_r.error(ptr, FileText::tr("'%1' is an input of every formula; a derived metric "
                                        "cannot take its name")
                               .arg(name));
        else if (!expr.is_string())
            m_r.error(ptr, FileText::tr("a derived metric must be a string expression"));
        else if (compiles(ptr, qs(expr.get<std::string>()),
                          FileText::tr("derived metric '%1': %2").arg(name)))
            t.derived.emplace_back(name, qs(expr.get<std::string>()));
        // Known even when broken: what uses it is not reported again.
        if (!m_known.contains(name))
            m_known << name;
    }
}

void TargetReader::readRules(TargetProfile &t)
{
    for (const std::string &ptr : objects("/bottleneck", {u"class"_s, u"when"_s, u"why"_s})) {
        const auto needed = required({ptr + "/class", ptr + "/when"},
                                     FileText::tr("a bottleneck rule needs 'class' and 'when'"));
        if (!needed)
            continue;
        BottleneckRule rule{needed->at(0), needed->at(1), text(ptr + "/why")};
        if (compiles(ptr + "/when", rule.when,
                     FileText::tr("bottleneck rule '%1': %2").arg(rule.cls)))
            t.bottleneck.push_back(rule);
    }
    for (const std::string &ptr : objects("/guards", {u"id"_s, u"pattern"_s, u"reason"_s})) {
        const auto needed =
            required({ptr + "/pattern", ptr + "/reason"},
                     FileText::tr("a guard needs a string 'pattern' and a 'reason'"));
        if (!needed)
            continue;
        GuardRule g{text(ptr + "/id"), needed->at(0), needed->at(1)};
        QString probe = g.pattern;
        probe.replace(u"{reference}"_s, u"ref"_s).replace(u"{dims}"_s, u"1"_s);
        if (QRegularExpression re(probe); !re.isValid())
            m_r.error(ptr + "/pattern", FileText::tr("guard '%1': %2 at offset %3")
                                            .arg(g.id, re.errorString())
                                            .arg(re.patternErrorOffset()));
        else
            t.guards.push_back(g);
    }
}

void TargetReader::readAudit(TargetProfile &t)
{
    if (!m_r.object("/audit"))
        return;
    m_r.unknownKeys("/audit", {u"define"_s, u"define_weak"_s, u"reference"_s, u"threads"_s});
    for (auto [key, patterns] : {std::pair{"define", &t.audit.define},
                                 {"define_weak", &t.audit.defineWeak},
                                 {"reference", &t.audit.reference},
                                 {"threads", &t.audit.threads}}) {
        const std::string ptr = "/audit/" + std::string(key);
        *patterns = list(ptr);
        for (qsizetype i = 0; i < patterns->size(); ++i) {
            if (QRegularExpression re(patterns->at(i)); !re.isValid())
                m_r.error(at(ptr, size_t(i)), FileText::tr("'%1' is not a regular expression: %2")
                                                  .arg(patterns->at(i), re.errorString()));
        }
    }
}

} // namespace

TargetLoad TargetRegistry::readFile(const QString &path)
{
    TargetLoad out;
    Diagnostic syntax;
    auto doc = JsonText::parseFile(path, &syntax);
    if (!doc) {
        out.errors << syntax;
        return out;
    }
    if (!doc->root().is_object()) {
        out.errors << doc->error("", FileText::tr("a target profile must be a JSON object"));
        return out;
    }
    if (stringAt(doc->root(), {"schema"}) != "kwb.target/1") {
        out.errors << doc->error("/schema", FileText::tr("'schema' must be \"kwb.target/1\""));
        return out;
    }
    TargetProfile t;
    t.dir = QFileInfo(path).absolutePath();
    TargetReader(*doc, &out).read(t);
    out.warnings += doc->duplicateKeyWarnings();
    sortByPosition(out.errors);
    sortByPosition(out.warnings);
    if (out.errors.isEmpty())
        out.target = std::move(t);
    return out;
}

} // namespace kwb
