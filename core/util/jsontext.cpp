#include "jsontext.h"

#include "messages.h"

#include <QFile>
#include <algorithm>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

QString Diagnostic::toString() const
{
    QString where = file;
    if (pos.isValid())
        where += u':' + QString::number(pos.line) + u':' + QString::number(pos.column);
    const QString kind = severity == Severity::Warning ? FileText::tr("warning: ") : QString();
    return where.isEmpty() ? QString(kind + message) : QString(where + u": "_s + kind + message);
}

std::string pointerToken(const std::string &key)
{
    std::string out;
    out.reserve(key.size());
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

const Json *findAt(const Json &root, std::initializer_list<const char *> path)
{
    const Json *at = &root;
    for (const char *key : path) {
        if (!at->is_object())
            return nullptr;
        const auto it = at->find(key);
        if (it == at->end())
            return nullptr;
        at = &*it;
    }
    return at;
}

double numberAt(const Json &root, std::initializer_list<const char *> path, double fallback)
{
    const Json *j = findAt(root, path);
    return j && j->is_number() ? j->get<double>() : fallback;
}

std::string stringAt(const Json &root, std::initializer_list<const char *> path)
{
    const Json *j = findAt(root, path);
    return j && j->is_string() ? j->get<std::string>() : std::string();
}

QString jsonTypeName(const Json &value)
{
    switch (value.type()) {
    case Json::value_t::null:
        return u"null"_s;
    case Json::value_t::boolean:
        return FileText::tr("a boolean");
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
        return FileText::tr("an integer");
    case Json::value_t::number_float:
        return FileText::tr("a number");
    case Json::value_t::string:
        return FileText::tr("a string");
    case Json::value_t::array:
        return FileText::tr("an array");
    case Json::value_t::object:
        return FileText::tr("an object");
    default:
        return FileText::tr("an unsupported value");
    }
}

namespace {

SourcePos positionOfOffset(const QByteArray &text, qsizetype offset)
{
    SourcePos pos{1, 1};
    offset = std::clamp<qsizetype>(offset, 0, text.size());
    for (qsizetype i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++pos.line;
            pos.column = 1;
        } else {
            ++pos.column;
        }
    }
    return pos;
}

// Walks text that nlohmann already accepted and records where each value and
// key starts. Only valid JSON (with comments) reaches it, so it need not
// diagnose anything; it just has to agree with the parser on structure.
class PositionIndexer
{
public:
    PositionIndexer(const QByteArray &text, std::map<std::string, SourcePos> &values,
                    std::map<std::string, SourcePos> &keys,
                    std::vector<JsonText::DuplicateKey> &duplicates)
        : m_text(text), m_values(values), m_keys(keys), m_duplicates(duplicates)
    {
    }

    void run()
    {
        skipSpace();
        value(std::string());
    }

private:
    char peek() const { return m_i < m_text.size() ? m_text[m_i] : '\0'; }

    void advance()
    {
        if (peek() == '\n') {
            ++m_line;
            m_col = 1;
        } else {
            ++m_col;
        }
        ++m_i;
    }

    SourcePos here() const { return {m_line, m_col}; }

    void skipSpace()
    {
        for (;;) {
            const char c = peek();
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                advance();
            } else if (c == '/' && m_i + 1 < m_text.size() && m_text[m_i + 1] == '/') {
                while (m_i < m_text.size() && peek() != '\n')
                    advance();
            } else if (c == '/' && m_i + 1 < m_text.size() && m_text[m_i + 1] == '*') {
                advance();
                advance();
                while (m_i < m_text.size() &&
                       !(peek() == '*' && m_i + 1 < m_text.size() && m_text[m_i + 1] == '/'))
                    advance();
                advance();
                advance();
            } else {
                return;
            }
        }
    }

    std::string string()
    {
        std::string out;
        advance(); // opening quote
        while (m_i < m_text.size() && peek() != '"') {
            if (peek() == '\\') {
                advance();
                out += '\\';
            }
            out += peek();
            advance();
        }
        advance(); // closing quote
        return out;
    }

    void value(const std::string &pointer)
    {
        m_values[pointer] = here();
        const char c = peek();
        if (c == '{') {
            advance();
            skipSpace();
            while (peek() != '}' && m_i < m_text.size()) {
                const qsizetype before = m_i;
                const SourcePos keyPos = here();
                // Keys with escapes are rare in our files; the raw text is
                // used as the key, which matches for every unescaped key.
                const std::string key = string();
                const std::string child = pointer + '/' + pointerToken(key);
                if (const auto seen = m_keys.find(child); seen != m_keys.end())
                    m_duplicates.push_back({child, seen->second, keyPos});
                m_keys[child] = keyPos;
                skipSpace();
                advance(); // ':'
                skipSpace();
                value(child);
                skipSpace();
                if (peek() == ',') {
                    advance();
                    skipSpace();
                }
                if (m_i == before)
                    return; // text the parser did not read this way: stop, never spin
            }
            advance();
        } else if (c == '[') {
            advance();
            skipSpace();
            int index = 0;
            while (peek() != ']' && m_i < m_text.size()) {
                const qsizetype before = m_i;
                value(pointer + '/' + std::to_string(index++));
                skipSpace();
                if (peek() == ',') {
                    advance();
                    skipSpace();
                }
                if (m_i == before)
                    return;
            }
            advance();
        } else if (c == '"') {
            string();
        } else {
            while (m_i < m_text.size()) {
                const char d = peek();
                if (d == ',' || d == '}' || d == ']' || d == ' ' || d == '\n' || d == '\r' ||
                    d == '\t' || d == '/')
                    break;
                advance();
            }
        }
    }

    const QByteArray &m_text;
    std::map<std::string, SourcePos> &m_values;
    std::map<std::string, SourcePos> &m_keys;
    std::vector<JsonText::DuplicateKey> &m_duplicates;
    qsizetype m_i = 0;
    int m_line = 1;
    int m_col = 1;
};

// The offset of the first bracket that opens level `limit + 1`, or -1 when
// the text never nests that deep. Strings and comments are skipped; the
// text need not be valid (the parser judges that afterwards).
qsizetype tooDeepAt(const QByteArray &text, int limit)
{
    int depth = 0;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char c = text[i];
        if (c == '"') {
            for (++i; i < n && text[i] != '"'; ++i) {
                if (text[i] == '\\')
                    ++i;
            }
        } else if (c == '/' && i + 1 < n && text[i + 1] == '/') {
            while (i < n && text[i] != '\n')
                ++i;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
            for (i += 2; i + 1 < n && !(text[i] == '*' && text[i + 1] == '/'); ++i) {
            }
            ++i;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return -1;
}

} // namespace

QList<Diagnostic> JsonText::duplicateKeyWarnings() const
{
    QList<Diagnostic> out;
    for (const DuplicateKey &d : m_duplicates) {
        const QString key = qs(d.pointer.substr(d.pointer.rfind('/') + 1));
        out.append(
            {Diagnostic::Severity::Warning, m_fileName, d.second,
             FileText::tr("duplicate key '%1' (first at line %2, column %3); the last one counts")
                 .arg(key, QString::number(d.first.line), QString::number(d.first.column))});
    }
    return out;
}

std::optional<JsonText> JsonText::parse(const QByteArray &input, const QString &fileName,
                                        Diagnostic *error)
{
    // A UTF-8 byte order mark is not JSON, but editors write one; positions
    // count from the first character after it.
    const QByteArray text = input.startsWith("\xEF\xBB\xBF") ? input.mid(3) : input;
    auto fail = [&](qsizetype offset, const QString &message) {
        if (error) {
            error->severity = Diagnostic::Severity::Error;
            error->file = fileName;
            error->pos = positionOfOffset(text, offset);
            error->message = message;
        }
        return std::nullopt;
    };
    if (const qsizetype at = tooDeepAt(text, kMaxDepth); at >= 0)
        return fail(at, FileText::tr("nested deeper than %1 levels").arg(kMaxDepth));
    // The parser takes a NUL byte for the end of the text (or of a comment),
    // so it would read less than the file holds: no JSON file has one.
    if (const qsizetype at = text.indexOf('\0'); at >= 0)
        return fail(at, FileText::tr("malformed JSON: %1").arg(u"a NUL byte"_s));
    JsonText doc;
    doc.m_fileName = fileName;
    try {
        doc.m_root = Json::parse(text.constBegin(), text.constEnd(), nullptr,
                                 /*allow_exceptions=*/true, /*ignore_comments=*/true);
    } catch (const Json::parse_error &e) {
        // nlohmann's message repeats a position of its own; keep only the
        // part after it and put our file:line:col in front.
        std::string what = e.what();
        const auto colon = what.find(": ", what.find("parse error"));
        if (colon != std::string::npos)
            what = what.substr(colon + 2);
        return fail(qsizetype(e.byte) - 1, FileText::tr("malformed JSON: %1").arg(qs(what)));
    } catch (const Json::exception &e) {
        // A number beyond a double's range ("number overflow parsing '1e400'")
        // is the only other thing the parser throws; find it in the text.
        const std::string what = e.what();
        const size_t open = what.find('\''), close = what.rfind('\'');
        if (open != std::string::npos && close > open + 1) {
            const QByteArray number =
                QByteArray::fromStdString(what.substr(open + 1, close - open - 1));
            return fail(text.indexOf(number),
                        FileText::tr("number out of range: %1").arg(QString::fromLatin1(number)));
        }
        return fail(0, FileText::tr("malformed JSON: %1").arg(qs(what)));
    }
    PositionIndexer(text, doc.m_values, doc.m_keys, doc.m_duplicates).run();
    return doc;
}

std::optional<JsonText> JsonText::parseFile(const QString &path, Diagnostic *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) {
            error->file = path;
            error->pos = {};
            error->message = FileText::tr("cannot read file: %1").arg(file.errorString());
        }
        return std::nullopt;
    }
    return parse(file.readAll(), path, error);
}

SourcePos JsonText::valuePos(const std::string &pointer) const
{
    std::string p = pointer;
    for (;;) {
        if (auto it = m_values.find(p); it != m_values.end())
            return it->second;
        if (p.empty())
            return {};
        p.erase(p.rfind('/'));
    }
}

SourcePos JsonText::keyPos(const std::string &pointer) const
{
    if (auto it = m_keys.find(pointer); it != m_keys.end())
        return it->second;
    return valuePos(pointer);
}

Diagnostic JsonText::error(const std::string &pointer, const QString &message) const
{
    return {Diagnostic::Severity::Error, m_fileName, valuePos(pointer), message};
}

Diagnostic JsonText::warning(const std::string &pointer, const QString &message) const
{
    return {Diagnostic::Severity::Warning, m_fileName, keyPos(pointer), message};
}

namespace {

int editDistance(const QString &a, const QString &b)
{
    std::vector<int> prev(size_t(b.size()) + 1), cur(size_t(b.size()) + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        prev[size_t(j)] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        cur[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int sub = prev[size_t(j - 1)] + (a[i - 1] == b[j - 1] ? 0 : 1);
            cur[size_t(j)] = std::min({prev[size_t(j)] + 1, cur[size_t(j - 1)] + 1, sub});
        }
        std::swap(prev, cur);
    }
    return prev[size_t(b.size())];
}

} // namespace

QString closestWord(const QString &word, const QStringList &known, int maxDistance)
{
    QString best;
    int bestDistance = std::min(maxDistance, int(word.size()) / 2) + 1;
    for (const QString &candidate : known) {
        const int d = editDistance(word, candidate);
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    return best;
}

} // namespace kwb
