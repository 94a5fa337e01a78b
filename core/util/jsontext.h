#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace kwb {

using Json = nlohmann::ordered_json;

/// A 1-based line and column in a text file (columns count bytes).
struct SourcePos
{
    int line = 0;
    int column = 0;
    bool isValid() const { return line > 0; }
};

/// Where a problem sits: file, position and what is wrong, rendered as the
/// compilers do (`file:line:col: message`) so editors and terminals link it.
struct Diagnostic
{
    enum class Severity
    {
        Error,
        Warning
    };
    Severity severity = Severity::Error;
    QString file;
    SourcePos pos;
    QString message;

    QString toString() const;
};

/// JSON text (comments allowed) parsed together with the position of every
/// value and key, addressed by JSON pointer ("/goal/metric", "/inputs/A").
class JsonText
{
public:
    /// Parses `text`; on a syntax error returns nullopt and fills `error`
    /// with the file, line and column of the offending character.
    static std::optional<JsonText> parse(const QByteArray &text, const QString &fileName,
                                         Diagnostic *error);
    static std::optional<JsonText> parseFile(const QString &path, Diagnostic *error);

    const Json &root() const { return m_root; }
    const QString &fileName() const { return m_fileName; }

    /// Position of the value at `pointer`; the closest enclosing value's
    /// position when that exact pointer is absent.
    SourcePos valuePos(const std::string &pointer) const;
    /// Position of the key naming the member at `pointer` (object members only).
    SourcePos keyPos(const std::string &pointer) const;

    Diagnostic error(const std::string &pointer, const QString &message) const;
    Diagnostic warning(const std::string &pointer, const QString &message) const;

    /// A key given twice in one object: the last one counts (as in every
    /// JSON reader we know), which is rarely what the writer meant.
    struct DuplicateKey
    {
        std::string pointer;
        SourcePos first, second;
    };
    const std::vector<DuplicateKey> &duplicateKeys() const { return m_duplicates; }
    /// One warning per duplicate key, naming both positions.
    QList<Diagnostic> duplicateKeyWarnings() const;

    /// Deepest nesting of arrays and objects a document may have: deeper
    /// ones are refused before anything walks them recursively.
    static constexpr int kMaxDepth = 256;

private:
    Json m_root;
    QString m_fileName;
    std::map<std::string, SourcePos> m_values;
    std::map<std::string, SourcePos> m_keys;
    std::vector<DuplicateKey> m_duplicates;
};

/// Escapes one reference token of a JSON pointer ("~" → "~0", "/" → "~1").
std::string pointerToken(const std::string &key);

/// A short human description of a JSON value's type ("a string", "an array").
QString jsonTypeName(const Json &value);

/// Nested reads that tolerate anything missing or null on the way:
/// numberAt(result, {"latency", "median_ms"}, NAN). Records come from disk and
/// from harnesses; a null where an object was expected must not throw.
const Json *findAt(const Json &root, std::initializer_list<const char *> path);
double numberAt(const Json &root, std::initializer_list<const char *> path, double fallback);
std::string stringAt(const Json &root, std::initializer_list<const char *> path);

/// std::string ↔ QString without the implicit casts the strict defines forbid.
/// The word of `known` closest to `word` by edit distance, when within
/// `maxDistance` edits and half the word's length (so "XX" is not taken for
/// "BM"); "" when none is that close ("did you mean").
QString closestWord(const QString &word, const QStringList &known, int maxDistance = 2);

inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}
inline std::string ss(const QString &s)
{
    return s.toStdString();
}

} // namespace kwb
