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

std::optional<TargetProfile> TargetRegistry::load(const QString &id, Diagnostic *error)
{
    // An id names a folder of the search path, never a path of its own.
    static const QRegularExpression plain(u"^[A-Za-z0-9_][A-Za-z0-9_.-]*$"_s);
    for (const QString &path : plain.match(id).hasMatch() ? searchPaths() : QStringList()) {
        const QString file = path + u'/' + id + u"/target.json"_s;
        if (QFileInfo::exists(file))
            return loadFile(file, error);
    }
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

namespace {

QStringList stringList(const Json &j)
{
    QStringList out;
    if (j.is_array()) {
        for (const Json &s : j) {
            if (s.is_string())
                out << qs(s.get<std::string>());
        }
    }
    return out;
}

} // namespace

std::optional<TargetProfile> TargetRegistry::loadFile(const QString &path, Diagnostic *error)
{
    auto doc = JsonText::parseFile(path, error);
    if (!doc)
        return std::nullopt;
    const Json &root = doc->root();
    auto fail = [&](const std::string &ptr, const QString &msg) {
        if (error)
            *error = doc->error(ptr, msg);
        return std::nullopt;
    };
    if (!root.is_object())
        return fail("", FileText::tr("a target profile must be a JSON object"));
    if (stringAt(root, {"schema"}) != "kwb.target/1")
        return fail("/schema", FileText::tr("'schema' must be \"kwb.target/1\""));
    // Types first, so nothing below can meet a value of another kind; the
    // first problem is the file's error.
    QList<Diagnostic> problems;
    ContractReader reader(*doc, &problems, &problems);
    const QString aString = FileText::tr("a string");
    reader.keysOfKind("",
                      {"id", "name", "language", "source_extension", "knob_define", "line_comment"},
                      &Json::is_string, aString);
    reader.keysOfKind("", {"compiler"}, &Json::is_object, FileText::tr("an object"));
    reader.keysOfKind("/compiler", {"cxx"}, &Json::is_string, aString);
    for (const char *list : {"prerequisites", "metrics", "bottleneck", "guards"}) {
        const Json *items = findAt(root, {list});
        for (size_t i = 0; items && items->is_array() && i < items->size(); ++i) {
            const std::string ptr = "/" + std::string(list) + "/" + std::to_string(i);
            if (!(*items)[i].is_object()) {
                reader.error(
                    ptr,
                    FileText::tr("must be an object, found %1").arg(jsonTypeName((*items)[i])));
                continue;
            }
            reader.keysOfKind(ptr,
                              {"name", "label", "unit", "description", "better", "role", "class",
                               "when", "why", "id", "pattern", "reason", "hint"},
                              &Json::is_string, aString);
            reader.keysOfKind(ptr, {"shown"}, &Json::is_boolean, FileText::tr("a boolean"));
        }
    }
    if (!problems.isEmpty()) {
        if (error)
            *error = problems.front();
        return std::nullopt;
    }

    TargetProfile t;
    t.dir = QFileInfo(path).absolutePath();
    for (const char *required : {"id", "name", "command", "metrics"}) {
        if (!root.contains(required))
            return fail(
                "", FileText::tr("target profile misses '%1'").arg(QString::fromLatin1(required)));
    }
    t.id = qs(root.value("id", std::string()));
    t.name = qs(root.value("name", std::string()));
    t.language = qs(root.value("language", std::string("cpp")));
    t.sourceExtension = qs(root.value("source_extension", std::string("cpp")));
    t.knobDefine = qs(root.value("knob_define", std::string("#define {name} {value}")));
    t.lineComment = qs(root.value("line_comment", std::string("//")));
    t.dtypes = stringList(root.value("dtypes", Json::array()));
    t.files = stringList(root.value("files", Json::array()));
    t.workloadNeeds = stringList(root.value("requires", Json::array()));
    t.command = stringList(root["command"]);
    t.calibrateCommand = stringList(root.value("calibrate", Json::array()));
    if (const Json *pre = findAt(root, {"prerequisites"}); pre && pre->is_array()) {
        for (const Json &item : *pre) {
            Prerequisite q;
            q.name = qs(stringAt(item, {"name"}));
            q.command = stringList(item.value("command", Json::array()));
            q.hint = qs(stringAt(item, {"hint"}));
            if (!q.command.isEmpty())
                t.prerequisites.push_back(std::move(q));
        }
    }
    if (t.command.isEmpty())
        return fail("/command", FileText::tr("'command' must be a non-empty array of strings"));
    for (const QString &f : std::as_const(t.files)) {
        if (!QFileInfo::exists(t.filePath(f)))
            return fail("/files",
                        FileText::tr("harness file '%1' is missing beside target.json").arg(f));
    }
    if (root.contains("compiler")) {
        const Json &c = root["compiler"];
        t.compiler = qs(c.value("cxx", std::string()));
        t.compilerFlags = stringList(c.value("flags", Json::array()));
    }

    const Json &metrics = root["metrics"];
    if (!metrics.is_array())
        return fail("/metrics", FileText::tr("'metrics' must be an array"));
    QStringList names;
    for (size_t i = 0; i < metrics.size(); ++i) {
        const Json &m = metrics[i];
        const std::string ptr = "/metrics/" + std::to_string(i);
        if (!m.is_object() || !m.contains("name") || !m["name"].is_string())
            return fail(ptr, FileText::tr("each metric needs a string 'name'"));
        MetricInfo info;
        info.name = qs(m["name"].get<std::string>());
        info.label = qs(m.value("label", std::string()));
        info.unit = qs(m.value("unit", std::string()));
        info.description = qs(m.value("description", std::string()));
        const std::string better = m.value("better", std::string("higher"));
        if (better != "higher" && better != "lower")
            return fail(ptr + "/better", FileText::tr("'better' must be \"higher\" or \"lower\""));
        info.higherIsBetter = better == "higher";
        info.shown = m.value("shown", true);
        if (const auto role = m.find("role"); role != m.end()) {
            const QString word = role->is_string() ? qs(role->get<std::string>()) : QString();
            const auto parsed = metricRoleFromWord(word);
            if (!parsed) {
                QString message = FileText::tr("unknown role '%1' (known: %2)")
                                      .arg(word, metricRoleWords().join(u", "_s));
                if (const QString best = closestWord(word, metricRoleWords()); !best.isEmpty())
                    message += u' ' + FileText::tr("(did you mean '%1'?)").arg(best);
                return fail(ptr + "/role", message);
            }
            if (const MetricInfo *other = t.metricFor(*parsed))
                return fail(
                    ptr + "/role",
                    FileText::tr("metric '%1' already has the role '%2'").arg(other->name, word));
            info.role = *parsed;
        }
        if (names.contains(info.name))
            return fail(ptr + "/name",
                        FileText::tr("metric '%1' is in the catalog twice").arg(info.name));
        names << info.name;
        t.metrics.push_back(info);
    }

    // Derived metrics may use the inputs every evaluation provides, the
    // catalog's measured metrics, and earlier derived ones.
    QStringList known = {u"flops"_s, u"bytes"_s, u"peak_gflops"_s, u"peak_gbs"_s, u"failed"_s};
    known += names;
    if (root.contains("derived")) {
        const Json &d = root["derived"];
        if (!d.is_object())
            return fail("/derived",
                        FileText::tr("'derived' must be an object of name → expression"));
        for (const auto &[name, expr] : d.items()) {
            const std::string ptr = "/derived/" + pointerToken(name);
            if (!expr.is_string())
                return fail(ptr, FileText::tr("a derived metric must be a string expression"));
            Expression e;
            if (!e.compile(qs(expr.get<std::string>()), known))
                return fail(ptr,
                            FileText::tr("derived metric '%1': %2").arg(qs(name), e.errorString()));
            t.derived.emplace_back(qs(name), qs(expr.get<std::string>()));
            if (!known.contains(qs(name)))
                known << qs(name);
        }
    }
    if (root.contains("bottleneck")) {
        const Json &rules = root["bottleneck"];
        if (!rules.is_array())
            return fail("/bottleneck", FileText::tr("'bottleneck' must be an array of rules"));
        for (size_t i = 0; i < rules.size(); ++i) {
            const Json &r = rules[i];
            const std::string ptr = "/bottleneck/" + std::to_string(i);
            if (!r.is_object() || !r.contains("class") || !r.contains("when") ||
                !r["class"].is_string() || !r["when"].is_string())
                return fail(ptr, FileText::tr("a bottleneck rule needs 'class' and 'when'"));
            BottleneckRule rule{qs(r["class"].get<std::string>()), qs(r["when"].get<std::string>()),
                                qs(r.value("why", std::string()))};
            Expression e;
            if (!e.compile(rule.when, known))
                return fail(
                    ptr + "/when",
                    FileText::tr("bottleneck rule '%1': %2").arg(rule.cls, e.errorString()));
            t.bottleneck.push_back(rule);
        }
    }
    if (const Json *audit = findAt(root, {"audit"}); audit && audit->is_object()) {
        for (auto [key, list] : {std::pair{"define", &t.audit.define},
                                 {"define_weak", &t.audit.defineWeak},
                                 {"reference", &t.audit.reference},
                                 {"threads", &t.audit.threads}}) {
            *list = stringList(audit->value(key, Json::array()));
            for (qsizetype i = 0; i < list->size(); ++i) {
                if (QRegularExpression re(list->at(i)); !re.isValid())
                    return fail("/audit/" + std::string(key) + "/" + std::to_string(i),
                                FileText::tr("'%1' is not a regular expression: %2")
                                    .arg(list->at(i), re.errorString()));
            }
        }
    }
    if (root.contains("guards")) {
        const Json &rules = root["guards"];
        if (!rules.is_array())
            return fail("/guards", FileText::tr("'guards' must be an array of rules"));
        for (size_t i = 0; i < rules.size(); ++i) {
            const Json &r = rules[i];
            const std::string ptr = "/guards/" + std::to_string(i);
            if (!r.is_object() || !r.contains("pattern") || !r["pattern"].is_string() ||
                !r.contains("reason"))
                return fail(ptr, FileText::tr("a guard needs a string 'pattern' and a 'reason'"));
            GuardRule g{qs(r.value("id", std::string())), qs(r["pattern"].get<std::string>()),
                        qs(r.value("reason", std::string()))};
            QString probe = g.pattern;
            probe.replace(u"{reference}"_s, u"ref"_s).replace(u"{dims}"_s, u"1"_s);
            if (QRegularExpression re(probe); !re.isValid())
                return fail(ptr + "/pattern", FileText::tr("guard '%1': %2 at offset %3")
                                                  .arg(g.id, re.errorString())
                                                  .arg(re.patternErrorOffset()));
            t.guards.push_back(g);
        }
    }
    return t;
}

} // namespace kwb
