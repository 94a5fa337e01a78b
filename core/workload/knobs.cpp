#include "knobs.h"

#include "util/contractreader.h"
#include "util/messages.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

bool isWhole(double v)
{
    return std::floor(v) == v && std::abs(v) < 1e15;
}

std::optional<KnobValue> scalarValue(const Json &j)
{
    if (j.is_boolean())
        return KnobValue{j.get<bool>() ? u"1"_s : u"0"_s, j.get<bool>() ? 1.0 : 0.0, true, false};
    if (j.is_number())
        return KnobValue{numberText(j.get<double>()), j.get<double>(), true, false};
    if (j.is_string())
        return KnobValue{qs(j.get<std::string>()), 0, false, true};
    return std::nullopt;
}

bool respectsPrecedence(const QStringList &order,
                        const std::vector<std::pair<QString, QString>> &before)
{
    for (const auto &[a, b] : before) {
        if (order.indexOf(a) > order.indexOf(b))
            return false;
    }
    return true;
}

QString permutationText(const QStringList &order)
{
    const bool singleChars =
        std::all_of(order.begin(), order.end(), [](const QString &s) { return s.size() == 1; });
    return order.join(singleChars ? QString() : u","_s);
}

} // namespace

int Knob::indexOf(const QString &text) const
{
    for (size_t i = 0; i < values.size(); ++i) {
        if (values[i].text == text)
            return int(i);
        if (values[i].numeric) {
            bool ok = false;
            const double d = text.toDouble(&ok);
            if (ok && d == values[i].number)
                return int(i);
        }
    }
    return -1;
}

QString Knob::domainText(int maxShown) const
{
    QStringList shown;
    for (size_t i = 0; i < values.size() && int(i) < maxShown; ++i)
        shown << values[i].text;
    if (int(values.size()) > maxShown)
        shown << FileText::tr("… (%n values)", nullptr, int(values.size()));
    return shown.join(u", "_s);
}

QString Violation::toString() const
{
    QString s = values.isEmpty()
                    ? FileText::tr("constraint '%1' fails").arg(constraint)
                    : FileText::tr("constraint '%1' fails for %2").arg(constraint, values);
    if (!suggestions.isEmpty())
        s += FileText::tr(": change %1").arg(suggestions.join(FileText::tr(" or ")));
    else if (!knobs.isEmpty())
        s += FileText::tr(": no single change of %1 satisfies every constraint")
                 .arg(knobs.join(u", "_s));
    return s;
}

QString ValidityReport::toString() const
{
    QStringList lines;
    for (const Violation &v : violations)
        lines << v.toString();
    return lines.join(u'\n');
}

bool isIdentifier(const QString &name)
{
    static const QRegularExpression ident(u"^[A-Za-z_][A-Za-z0-9_]*$"_s);
    return ident.match(name).hasMatch();
}

bool isOneLine(const QString &text)
{
    return std::none_of(text.begin(), text.end(),
                        [](QChar c) { return c.category() == QChar::Other_Control; });
}

namespace {

// Reads the `knobs` object of a workload, one declaration at a time. Each
// form (values, range, divisors, permutation) has its own reader; a reader
// that returns false has reported why and the knob is left out.
class KnobReader
{
public:
    KnobReader(const JsonText &doc, const QStringList &dimNames,
               const std::vector<double> &dimValues, QList<Diagnostic> *diags)
        : m_dimNames(dimNames), m_dimValues(dimValues), m_reader(doc, diags, diags)
    {
    }

    std::vector<Knob> readAll(const Json &knobs)
    {
        std::vector<Knob> result;
        if (!knobs.is_object()) {
            error("/knobs",
                  FileText::tr(
                      "'knobs' must be an object mapping knob names to declarations, found %1")
                      .arg(jsonTypeName(knobs)));
        } else if (knobs.size() > size_t(kMaxKnobs)) {
            error("/knobs", FileText::tr("a workload may declare at most %1 knobs, found %2")
                                .arg(kMaxKnobs)
                                .arg(knobs.size()));
        } else {
            for (const auto &[key, decl] : knobs.items()) {
                if (auto knob = read(key, decl))
                    result.push_back(std::move(*knob));
            }
        }
        return result;
    }

private:
    void error(const std::string &ptr, const QString &msg) { m_reader.error(ptr, msg); }

    std::optional<Knob> read(const std::string &key, const Json &decl)
    {
        m_ptr = "/knobs/" + pointerToken(key);
        Knob knob;
        knob.name = qs(key);
        m_where = FileText::tr("knob '%1'").arg(knob.name);
        // Knobs are bound as "#define NAME VALUE" lines: a name is an
        // identifier and a value one line of text, nothing more.
        if (!isIdentifier(knob.name)) {
            error(m_ptr, FileText::tr("knob name '%1' must be an identifier (letters, "
                                      "digits, _; not starting with a digit)")
                             .arg(knob.name));
            return std::nullopt;
        }
        bool ok = false;
        if (decl.is_array())
            ok = readList(knob, decl, "/");
        else if (decl.is_object() && decl.contains("values"))
            ok = readList(knob, decl["values"], "/values/");
        else if (decl.is_object() && decl.contains("range"))
            ok = readRange(knob, decl["range"]);
        else if (decl.is_object() && decl.contains("divisors"))
            ok = readDivisors(knob, decl);
        else if (decl.is_object() && decl.contains("permutation"))
            ok = readPermutation(knob, decl);
        else
            error(m_ptr, FileText::tr("%1: declare it as an array of values or an object with one "
                                      "of 'values', 'range', 'divisors', 'permutation'")
                             .arg(m_where));
        if (!ok)
            return std::nullopt;
        if (knob.values.empty()) {
            error(m_ptr, FileText::tr("%1: its domain is empty").arg(m_where));
            return std::nullopt;
        }
        if (!decl.is_object())
            return knob;
        // A misspelt key ("defualt") is named, not silently ignored.
        m_reader.unknownKeys(m_ptr,
                             {u"values"_s, u"range"_s, u"divisors"_s, u"min"_s, u"max"_s,
                              u"permutation"_s, u"before"_s, u"description"_s, u"default"_s});
        if (!readDescriptionAndDefault(knob, decl))
            return std::nullopt;
        return knob;
    }

    // An array of values; a value that is not a one-line scalar is reported
    // and skipped.
    bool readList(Knob &knob, const Json &list, const char *itemPrefix)
    {
        knob.kind = Knob::Kind::List;
        if (!list.is_array() || list.empty()) {
            error(m_ptr, FileText::tr("%1: 'values' must be a non-empty array").arg(m_where));
            return false;
        }
        for (size_t i = 0; i < list.size(); ++i) {
            const std::string ptr = m_ptr + itemPrefix + std::to_string(i);
            auto v = scalarValue(list[i]);
            if (!v)
                error(ptr, FileText::tr("%1: values must be numbers, booleans or strings, found %2")
                               .arg(m_where, jsonTypeName(list[i])));
            else if (!isOneLine(v->text))
                error(ptr, FileText::tr("%1: a value must be one line of text without "
                                        "control characters")
                               .arg(m_where));
            else
                knob.values.push_back(*v);
        }
        return true;
    }

    bool readRange(Knob &knob, const Json &r)
    {
        knob.kind = Knob::Kind::Range;
        const bool shapeOk =
            r.is_array() && (r.size() == 2 || r.size() == 3) &&
            std::all_of(r.begin(), r.end(), [](const Json &x) { return x.is_number(); });
        if (!shapeOk) {
            error(m_ptr + "/range",
                  FileText::tr("%1: 'range' must be [from, to] or [from, to, step] with numbers")
                      .arg(m_where));
            return false;
        }
        const double from = r[0].get<double>(), to = r[1].get<double>();
        const double step = r.size() == 3 ? r[2].get<double>() : 1.0;
        if (step <= 0 || to < from || (to - from) / step > 1e6) {
            error(m_ptr + "/range", FileText::tr("%1: 'range' needs from ≤ to, a positive step "
                                                 "and at most a million values")
                                        .arg(m_where));
            return false;
        }
        for (double v = from; v <= to + 1e-9 * std::abs(to); v += step)
            knob.values.push_back({numberText(v), v, true, false});
        return true;
    }

    // The divisors of a number or of an expression of the dims, within
    // optional min and max bounds.
    bool readDivisors(Knob &knob, const Json &decl)
    {
        knob.kind = Knob::Kind::Divisors;
        const Json &d = decl["divisors"];
        double n = 0;
        if (d.is_number()) {
            n = d.get<double>();
        } else if (d.is_string()) {
            QString err;
            if (!evaluateExpression(qs(d.get<std::string>()), m_dimNames, m_dimValues, &n, &err)) {
                error(m_ptr + "/divisors",
                      FileText::tr("%1: 'divisors' expression: %2").arg(m_where, err));
                return false;
            }
        }
        if (n < 1 || std::floor(n) != n || n > 1e12) {
            error(m_ptr + "/divisors", FileText::tr("%1: 'divisors' must be a positive integer or "
                                                    "an expression of dims")
                                           .arg(m_where));
            return false;
        }
        bool typed = true;
        for (const char *bound : {"min", "max"}) {
            if (decl.contains(bound) && !decl[bound].is_number()) {
                error(m_ptr + "/" + bound,
                      FileText::tr("%1: '%2' must be a number, found %3")
                          .arg(m_where, QLatin1String(bound), jsonTypeName(decl[bound])));
                typed = false;
            }
        }
        if (!typed)
            return false;
        const double lo = numberAt(decl, {"min"}, 1.0), hi = numberAt(decl, {"max"}, n);
        for (qint64 k = 1; double(k) * double(k) <= n; ++k) {
            if (std::fmod(n, double(k)) == 0) {
                knob.values.push_back({numberText(double(k)), double(k), true, false});
                const double other = n / double(k);
                if (other != double(k))
                    knob.values.push_back({numberText(other), other, true, false});
            }
        }
        std::sort(knob.values.begin(), knob.values.end(),
                  [](const KnobValue &a, const KnobValue &b) { return a.number < b.number; });
        std::erase_if(knob.values,
                      [&](const KnobValue &v) { return v.number < lo || v.number > hi; });
        return true;
    }

    // Every order of 1 to 8 distinct names that respects the `before` pairs.
    bool readPermutation(Knob &knob, const Json &decl)
    {
        knob.kind = Knob::Kind::Permutation;
        const Json &p = decl["permutation"];
        if (!p.is_array() || p.empty() || p.size() > 8 ||
            !std::all_of(p.begin(), p.end(), [](const Json &x) { return x.is_string(); })) {
            error(m_ptr + "/permutation",
                  FileText::tr("%1: 'permutation' must be an array of 1 to 8 distinct names")
                      .arg(m_where));
            return false;
        }
        for (const Json &item : p)
            knob.items << qs(item.get<std::string>());
        if (knob.items.removeDuplicates() > 0) {
            error(m_ptr + "/permutation",
                  FileText::tr("%1: 'permutation' names must be distinct").arg(m_where));
            return false;
        }
        if (decl.contains("before") && !readPrecedence(knob, decl["before"]))
            return false;
        std::vector<int> idx(size_t(knob.items.size()));
        std::iota(idx.begin(), idx.end(), 0);
        do {
            QStringList perm;
            for (int i : idx)
                perm << knob.items[i];
            if (respectsPrecedence(perm, knob.before))
                knob.values.push_back({permutationText(perm), 0, false, true});
        } while (std::next_permutation(idx.begin(), idx.end()));
        return true;
    }

    // `before`: [["a", "b"], …], each naming two of the permutation's items.
    bool readPrecedence(Knob &knob, const Json &b)
    {
        if (!b.is_array()) {
            error(
                m_ptr + "/before",
                FileText::tr("%1: 'before' must be an array of [\"a\", \"b\"] pairs").arg(m_where));
            return false;
        }
        bool ok = true;
        for (size_t i = 0; i < b.size(); ++i) {
            const Json &pair = b[i];
            const bool valid = pair.is_array() && pair.size() == 2 && pair[0].is_string() &&
                               pair[1].is_string() &&
                               knob.items.contains(qs(pair[0].get<std::string>())) &&
                               knob.items.contains(qs(pair[1].get<std::string>()));
            if (!valid) {
                error(
                    m_ptr + "/before/" + std::to_string(i),
                    FileText::tr("%1: each 'before' entry must be [\"a\", \"b\"] naming two of %2")
                        .arg(m_where, knob.items.join(u", "_s)));
                ok = false;
                continue;
            }
            knob.before.emplace_back(qs(pair[0].get<std::string>()),
                                     qs(pair[1].get<std::string>()));
        }
        return ok;
    }

    bool readDescriptionAndDefault(Knob &knob, const Json &decl)
    {
        if (decl.contains("description") && !decl["description"].is_string())
            error(m_ptr + "/description",
                  FileText::tr("%1: 'description' must be a string, found %2")
                      .arg(m_where, jsonTypeName(decl["description"])));
        knob.description = qs(stringAt(decl, {"description"}));
        if (!decl.contains("default"))
            return true;
        auto dv = scalarValue(decl["default"]);
        const int i = dv ? knob.indexOf(dv->text) : -1;
        if (i < 0) {
            error(m_ptr + "/default", FileText::tr("%1: default is not one of its values (%2)")
                                          .arg(m_where, knob.domainText()));
            return false;
        }
        knob.defaultIndex = i;
        knob.declaredDefault = true;
        return true;
    }

    const QStringList &m_dimNames;
    const std::vector<double> &m_dimValues;
    ContractReader m_reader;
    std::string m_ptr; ///< the knob being read, as a JSON pointer
    QString m_where;   ///< the knob being read, in words
};

} // namespace

KnobSpace KnobSpace::fromJson(const JsonText &doc, const QStringList &dimNames,
                              const std::vector<double> &dimValues, QList<Diagnostic> *diags)
{
    KnobSpace space;
    space.m_dimValues = dimValues;
    const Json &root = doc.root();
    if (root.contains("knobs"))
        space.m_knobs = KnobReader(doc, dimNames, dimValues, diags).readAll(root["knobs"]);
    space.bindVariables(dimNames);
    if (root.contains("constraints"))
        space.readConstraints(doc, diags);
    return space;
}

void KnobSpace::bindVariables(const QStringList &dimNames)
{
    for (size_t k = 0; k < m_knobs.size(); ++k) {
        const Knob &knob = m_knobs[k];
        const bool numeric = std::all_of(knob.values.begin(), knob.values.end(),
                                         [](const KnobValue &v) { return v.numeric; });
        if (numeric) {
            m_variableNames << knob.name;
            m_variableKnob.push_back(int(k));
        }
    }
    for (const QString &dim : dimNames) {
        m_variableNames << dim;
        m_variableKnob.push_back(-1);
    }
}

void KnobSpace::readConstraints(const JsonText &doc, QList<Diagnostic> *diags)
{
    const Json &cs = doc.root()["constraints"];
    if (!cs.is_array()) {
        diags->append(doc.error("/constraints", FileText::tr("'constraints' must be an array of "
                                                             "expressions, found %1")
                                                    .arg(jsonTypeName(cs))));
        return;
    }
    for (size_t i = 0; i < cs.size(); ++i) {
        const std::string ptr = "/constraints/" + std::to_string(i);
        if (!cs[i].is_string()) {
            diags->append(
                doc.error(ptr, FileText::tr("a constraint must be a string expression, found %1")
                                   .arg(jsonTypeName(cs[i]))));
            continue;
        }
        Expression e;
        const QString text = qs(cs[i].get<std::string>());
        if (!e.compile(text, m_variableNames)) {
            diags->append(
                doc.error(ptr, FileText::tr("constraint '%1': %2 (names available: %3)")
                                   .arg(text, e.errorString(), m_variableNames.join(u", "_s))));
            continue;
        }
        m_constraintTexts << text;
        m_constraints.push_back(std::move(e));
    }
}

int KnobSpace::indexOfKnob(const QString &name) const
{
    for (size_t i = 0; i < m_knobs.size(); ++i) {
        if (m_knobs[i].name == name)
            return int(i);
    }
    return -1;
}

QStringList KnobSpace::knobNames() const
{
    QStringList names;
    for (const Knob &k : m_knobs)
        names << k.name;
    return names;
}

double KnobSpace::cardinality() const
{
    double n = m_knobs.empty() ? 0 : 1;
    for (const Knob &k : m_knobs)
        n *= double(k.values.size());
    return n;
}

KnobConfig KnobSpace::defaultConfig() const
{
    KnobConfig c;
    for (const Knob &k : m_knobs)
        c.push_back(k.defaultIndex);
    return c;
}

bool KnobSpace::hasDeclaredDefaults() const
{
    return std::any_of(m_knobs.begin(), m_knobs.end(),
                       [](const Knob &k) { return k.declaredDefault; });
}

std::vector<double> KnobSpace::variablesFor(const KnobConfig &config) const
{
    std::vector<double> vars;
    vars.reserve(m_variableKnob.size());
    size_t dim = 0;
    for (int k : m_variableKnob)
        vars.push_back(k >= 0 ? m_knobs[size_t(k)].values[size_t(config[size_t(k)])].number
                              : m_dimValues[dim++]);
    return vars;
}

bool KnobSpace::satisfies(size_t constraint, const KnobConfig &config) const
{
    double r = 0;
    return m_constraints[constraint].evaluate(variablesFor(config), &r) && r != 0 && !std::isnan(r);
}

bool KnobSpace::isValid(const KnobConfig &config) const
{
    for (size_t c = 0; c < m_constraints.size(); ++c) {
        if (!satisfies(c, config))
            return false;
    }
    return true;
}

ValidityReport KnobSpace::check(const KnobConfig &config) const
{
    ValidityReport report;
    for (size_t c = 0; c < m_constraints.size(); ++c) {
        if (satisfies(c, config))
            continue;
        Violation v;
        v.constraint = m_constraintTexts[int(c)];
        QStringList vals;
        // Declaration order, as the engineer wrote the knobs.
        for (size_t k = 0; k < m_knobs.size(); ++k) {
            const QString &name = m_knobs[k].name;
            if (!m_constraints[c].usedVariables().contains(name))
                continue;
            v.knobs << name;
            vals << name + u'=' + m_knobs[k].values[size_t(config[k])].text;
        }
        v.values = vals.join(u' ');
        // For each knob the constraint mentions, the nearest value (by index)
        // that makes the whole configuration valid with the others held;
        // looked for within a bounded distance, so a knob of a million values
        // costs no more than a small one (the search strategies repair every
        // sample they draw with this).
        constexpr int kFixDistance = 256;
        for (const QString &name : v.knobs) {
            const int k = indexOfKnob(name);
            const int n = int(m_knobs[size_t(k)].values.size());
            const int at = config[size_t(k)];
            for (int d = 1; d < std::min(n, kFixDistance); ++d) {
                bool found = false;
                for (int candidate : {at - d, at + d}) {
                    if (candidate < 0 || candidate >= n)
                        continue;
                    KnobConfig trial = config;
                    trial[size_t(k)] = candidate;
                    if (isValid(trial)) {
                        v.suggestions
                            << FileText::tr("%1 to %2")
                                   .arg(name, m_knobs[size_t(k)].values[size_t(candidate)].text);
                        v.fixes.emplace_back(k, candidate);
                        found = true;
                        break;
                    }
                }
                if (found)
                    break;
            }
        }
        report.violations.push_back(std::move(v));
    }
    return report;
}

std::optional<KnobConfig> KnobSpace::parseAssignments(const QStringList &assignments,
                                                      QStringList *errors) const
{
    KnobConfig config = defaultConfig();
    bool ok = true;
    for (const QString &a : assignments) {
        const qsizetype eq = a.indexOf(u'=');
        if (eq <= 0) {
            errors->append(FileText::tr("'%1': expected NAME=VALUE").arg(a));
            ok = false;
            continue;
        }
        const QString name = a.left(eq).trimmed();
        const QString value = a.mid(eq + 1).trimmed();
        const int k = indexOfKnob(name);
        if (k < 0) {
            const QStringList names = knobNames();
            errors->append(
                names.isEmpty()
                    ? FileText::tr("unknown knob '%1' (no knobs declared)").arg(name)
                    : FileText::tr("unknown knob '%1' (knobs: %2)").arg(name, names.join(u", "_s)) +
                          didYouMean(name, names));
            ok = false;
            continue;
        }
        const Knob &knob = m_knobs[size_t(k)];
        int i = knob.indexOf(value);
        if (i < 0 && knob.kind == Knob::Kind::Permutation) {
            QStringList order = value.contains(u',') ? value.split(u',') : QStringList();
            if (order.isEmpty()) {
                for (QChar ch : value)
                    order << QString(ch);
            }
            QStringList sorted = order, items = knob.items;
            sorted.sort();
            items.sort();
            if (sorted == items) {
                // The same order spelled differently ("i,k,j" for "ikj").
                i = knob.indexOf(permutationText(order));
                if (i < 0) {
                    for (const auto &[x, y] : knob.before) {
                        if (order.indexOf(x) > order.indexOf(y)) {
                            errors->append(
                                FileText::tr("%1=%2 violates the precedence '%3 before %4'")
                                    .arg(name, value, x, y));
                            break;
                        }
                    }
                    ok = false;
                    continue;
                }
            }
        }
        if (i < 0) {
            errors->append(FileText::tr("%1=%2: not one of %1's values (%3)")
                               .arg(name, value, knob.domainText()));
            ok = false;
            continue;
        }
        config[size_t(k)] = i;
    }
    if (!ok)
        return std::nullopt;
    return config;
}

qint64 KnobSpace::forEachValid(const std::function<bool(const KnobConfig &)> &visit) const
{
    if (m_knobs.empty())
        return 0;
    KnobConfig c(m_knobs.size(), 0);
    qint64 count = 0;
    for (;;) {
        if (isValid(c)) {
            ++count;
            if (!visit(c))
                return count;
        }
        size_t k = m_knobs.size();
        while (k > 0) {
            --k;
            if (++c[k] < int(m_knobs[k].values.size()))
                break;
            c[k] = 0;
            if (k == 0)
                return count;
        }
    }
}

KnobSpace::ValidCount KnobSpace::countValid(double enumerateUpTo, int samples) const
{
    if (m_knobs.empty())
        return {};
    if (cardinality() <= enumerateUpTo)
        return {double(forEachValid([](const KnobConfig &) { return true; })), true};
    std::mt19937_64 rng(20261123);
    KnobConfig c(m_knobs.size(), 0);
    int valid = 0;
    for (int i = 0; i < samples; ++i) {
        for (size_t k = 0; k < m_knobs.size(); ++k)
            c[k] = int(rng() % m_knobs[k].values.size());
        valid += isValid(c) ? 1 : 0;
    }
    return {cardinality() * valid / std::max(1, samples), false};
}

QString KnobSpace::defines(const KnobConfig &config, const QString &format) const
{
    QString out;
    for (size_t k = 0; k < m_knobs.size(); ++k) {
        const KnobValue &v = m_knobs[k].values[size_t(config[k])];
        QString line = format;
        line.replace(u"{name}"_s, m_knobs[k].name);
        line.replace(u"{value}"_s, v.quoted ? u'"' + v.text + u'"' : v.text);
        out += line + u'\n';
    }
    return out;
}

Json KnobSpace::toJson(const KnobConfig &config) const
{
    Json j = Json::object();
    for (size_t k = 0; k < m_knobs.size(); ++k) {
        const KnobValue &v = m_knobs[k].values[size_t(config[k])];
        // BM=64 is recorded as 64, not 64.0: what the engineer wrote.
        if (v.numeric && isWhole(v.number))
            j[ss(m_knobs[k].name)] = qint64(v.number);
        else if (v.numeric)
            j[ss(m_knobs[k].name)] = v.number;
        else
            j[ss(m_knobs[k].name)] = ss(v.text);
    }
    return j;
}

std::optional<KnobConfig> KnobSpace::configFromJson(const Json &values) const
{
    if (!values.is_object() || m_knobs.empty())
        return std::nullopt;
    KnobConfig c;
    for (const Knob &k : m_knobs) {
        const std::string key = ss(k.name);
        if (!values.contains(key))
            return std::nullopt;
        const Json &v = values[key];
        const int i = v.is_number()   ? k.indexOf(numberText(v.get<double>()))
                      : v.is_string() ? k.indexOf(qs(v.get<std::string>()))
                                      : -1;
        if (i < 0)
            return std::nullopt;
        c.push_back(i);
    }
    return c;
}

QString numberText(double v)
{
    if (isWhole(v))
        return QString::number(qint64(v));
    return QString::number(v, 'g', 12);
}

QString knobValueText(const Json &value)
{
    if (value.is_string())
        return qs(value.get<std::string>());
    if (value.is_number())
        return numberText(value.get<double>());
    return qs(value.dump());
}

QString knobsText(const Json &knobs)
{
    if (!knobs.is_object())
        return {};
    QStringList parts;
    for (const auto &[name, value] : knobs.items())
        parts << qs(name) + u'=' + knobValueText(value);
    return parts.join(u' ');
}

QString KnobSpace::describe(const KnobConfig &config) const
{
    QStringList parts;
    for (size_t k = 0; k < m_knobs.size(); ++k)
        parts << m_knobs[k].name + u'=' + m_knobs[k].values[size_t(config[k])].text;
    return parts.join(u' ');
}

} // namespace kwb
