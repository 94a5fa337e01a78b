#include "contractreader.h"

#include "util/messages.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

void ContractReader::error(const std::string &ptr, const QString &message)
{
    ++m_reported;
    m_errors->append(m_doc.error(ptr, message));
}

void ContractReader::warn(const std::string &ptr, const QString &message)
{
    m_warnings->append(m_doc.warning(ptr, message));
}

QString ContractReader::label(const std::string &ptr)
{
    QString s = qs(ptr.substr(1));
    s.replace(u'/', u'.');
    return u"'"_s + s + u"'"_s;
}

const Json *ContractReader::find(const std::string &ptr) const
{
    const Json::json_pointer p(ptr);
    return m_doc.root().contains(p) ? &m_doc.root()[p] : nullptr;
}

std::optional<QString> ContractReader::string(const std::string &ptr, bool nonEmpty)
{
    const Json *j = find(ptr);
    if (!j)
        return std::nullopt;
    if (!j->is_string() || (nonEmpty && j->get<std::string>().empty())) {
        error(ptr, j->is_string() ? FileText::tr("%1 must not be empty").arg(label(ptr))
                                  : FileText::tr("%1 must be a non-empty string, found %2")
                                        .arg(label(ptr), jsonTypeName(*j)));
        return std::nullopt;
    }
    return qs(j->get<std::string>());
}

std::optional<double> ContractReader::number(const std::string &ptr, double min, bool exclusiveMin)
{
    const Json *j = find(ptr);
    if (!j)
        return std::nullopt;
    if (!j->is_number()) {
        error(ptr, FileText::tr("%1 must be a number, found %2").arg(label(ptr), jsonTypeName(*j)));
        return std::nullopt;
    }
    const double v = j->get<double>();
    if (v < min || (exclusiveMin && v == min)) {
        error(ptr, (exclusiveMin ? FileText::tr("%1 must be greater than %2, found %3")
                                 : FileText::tr("%1 must be at least %2, found %3"))
                       .arg(label(ptr), QString::number(min), QString::number(v)));
        return std::nullopt;
    }
    return v;
}

std::optional<qint64> ContractReader::integer(const std::string &ptr, qint64 min, qint64 max)
{
    const Json *j = find(ptr);
    if (!j)
        return std::nullopt;
    if (!j->is_number_integer()) {
        error(ptr,
              FileText::tr("%1 must be an integer, found %2").arg(label(ptr), jsonTypeName(*j)));
        return std::nullopt;
    }
    if (j->is_number_unsigned() &&
        j->get<quint64>() > quint64(std::numeric_limits<qint64>::max())) {
        error(ptr, FileText::tr("%1 must be at most %2, found %3")
                       .arg(label(ptr), QString::number(max), QString::number(j->get<quint64>())));
        return std::nullopt;
    }
    const qint64 v = j->get<qint64>();
    if (v < min) {
        error(ptr, FileText::tr("%1 must be at least %2, found %3")
                       .arg(label(ptr), QString::number(min), QString::number(v)));
        return std::nullopt;
    }
    if (v > max) {
        error(ptr, FileText::tr("%1 must be at most %2, found %3")
                       .arg(label(ptr), QString::number(max), QString::number(v)));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> ContractReader::boolean(const std::string &ptr)
{
    const Json *j = find(ptr);
    if (!j)
        return std::nullopt;
    if (!j->is_boolean()) {
        error(ptr,
              FileText::tr("%1 must be true or false, found %2").arg(label(ptr), jsonTypeName(*j)));
        return std::nullopt;
    }
    return j->get<bool>();
}

bool ContractReader::object(const std::string &ptr)
{
    const Json *j = find(ptr);
    if (j && !j->is_object()) {
        error(ptr,
              FileText::tr("%1 must be an object, found %2").arg(label(ptr), jsonTypeName(*j)));
        return false;
    }
    return j != nullptr;
}

std::optional<QStringList> ContractReader::strings(const std::string &ptr)
{
    const Json *j = find(ptr);
    if (!j)
        return std::nullopt;
    if (!j->is_array()) {
        error(ptr, FileText::tr("%1 must be an array of strings, found %2")
                       .arg(label(ptr), jsonTypeName(*j)));
        return std::nullopt;
    }
    // Non-strings are reported one by one; the strings are still
    // returned so their own checks run too.
    QStringList out;
    for (size_t i = 0; i < j->size(); ++i) {
        if (!(*j)[i].is_string()) {
            error(ptr + '/' + std::to_string(i), FileText::tr("%1 must hold strings only, found %2")
                                                     .arg(label(ptr), jsonTypeName((*j)[i])));
            continue;
        }
        out << qs((*j)[i].get<std::string>());
    }
    return out;
}

QString didYouMean(const QString &word, const QStringList &known)
{
    const QString best = closestWord(word, known);
    return best.isEmpty() ? QString() : u' ' + FileText::tr("(did you mean '%1'?)").arg(best);
}

void ContractReader::unknownKeys(const std::string &ptr, const QStringList &known)
{
    const Json *j = find(ptr);
    if (!j || !j->is_object())
        return;
    for (const auto &[key, value] : j->items()) {
        Q_UNUSED(value)
        const QString k = qs(key);
        if (known.contains(k))
            continue;
        const QString message =
            ptr.empty() ? FileText::tr("unknown key '%1' is ignored").arg(k)
                        : FileText::tr("unknown key '%1' in %2 is ignored").arg(k, label(ptr));
        warn(ptr + '/' + pointerToken(key), message + didYouMean(k, known));
    }
}

QString ContractReader::resolvePath(const std::string &ptr, const QString &dir, const QString &what)
{
    auto rel = string(ptr);
    if (!rel)
        return {};
    QString abs = QDir::cleanPath(QDir(dir).absoluteFilePath(*rel));
    if (!QFileInfo(abs).isFile()) {
        error(ptr, FileText::tr("%1 file '%2' not found (looked for %3)").arg(what, *rel, abs));
        return {};
    }
    return abs;
}

bool ContractReader::keysOfKind(const std::string &ptr, std::initializer_list<const char *> keys,
                                bool (Json::*is)() const noexcept, const QString &kind)
{
    const Json *where = find(ptr);
    if (!where || !where->is_object())
        return true;
    bool ok = true;
    for (const char *key : keys) {
        if (where->contains(key) && !((*where)[key].*is)()) {
            error(ptr + '/' + key, FileText::tr("'%1' must be %2, found %3")
                                       .arg(QLatin1String(key), kind, jsonTypeName((*where)[key])));
            ok = false;
        }
    }
    return ok;
}

void sortByPosition(QList<Diagnostic> &diagnostics)
{
    std::stable_sort(
        diagnostics.begin(), diagnostics.end(), [](const Diagnostic &a, const Diagnostic &b) {
            return std::pair(a.pos.line, a.pos.column) < std::pair(b.pos.line, b.pos.column);
        });
}

} // namespace kwb
