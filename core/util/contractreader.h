#pragma once

#include "util/jsontext.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <limits>
#include <optional>
#include <string>

namespace kwb {

/// Reads typed values out of a contract file a user writes or hands over (a
/// workload with its knobs, a target profile, a Kernel Tuner file), by JSON
/// pointer. Every problem becomes a diagnostic with the file, line and
/// column of the value at fault (an error; the value reads as absent), an
/// unknown key a warning naming the closest known key ("did you mean").
/// The messages are the user's, translated (context "files"). A result
/// document is read by `parseResult` instead: a harness writes it, and its
/// first problem is recorded in the session, in English.
/// " (did you mean 'BM'?)" when a word of `known` is close to `word`, else
/// empty: for a message about a name that is not one of `known`.
QString didYouMean(const QString &word, const QStringList &known);

class ContractReader
{
public:
    /// `errors` and `warnings` may be the same list.
    ContractReader(const JsonText &doc, QList<Diagnostic> *errors, QList<Diagnostic> *warnings)
        : m_doc(doc), m_errors(errors), m_warnings(warnings)
    {
    }

    const JsonText &doc() const { return m_doc; }
    void error(const std::string &ptr, const QString &message);
    void warn(const std::string &ptr, const QString &message);
    /// Errors reported through this reader.
    int errorCount() const { return m_reported; }

    /// "'a.b'" for "/a/b": how a message names a value.
    static QString label(const std::string &ptr);
    /// The value at `ptr`; nullptr when absent.
    const Json *find(const std::string &ptr) const;

    /// Each reads the value at `ptr`: nullopt when it is absent, or wrong
    /// (reported).
    std::optional<QString> string(const std::string &ptr, bool nonEmpty = true);
    std::optional<double> number(const std::string &ptr, double min, bool exclusiveMin);
    std::optional<qint64> integer(const std::string &ptr, qint64 min,
                                  qint64 max = std::numeric_limits<qint64>::max());
    std::optional<bool> boolean(const std::string &ptr);
    /// Whether an object is at `ptr` (anything else there is reported).
    bool object(const std::string &ptr);
    /// An array of strings; non-strings are reported one by one and left out.
    std::optional<QStringList> strings(const std::string &ptr);
    /// False, with "'key' must be KIND, found TYPE", when one of `keys` of
    /// the object at `ptr` holds a value that `is` refuses; absent keys and
    /// a `ptr` that is no object pass.
    bool keysOfKind(const std::string &ptr, std::initializer_list<const char *> keys,
                    bool (Json::*is)() const noexcept, const QString &kind);
    /// Warns about keys of the object at `ptr` that are not in `known`.
    void unknownKeys(const std::string &ptr, const QStringList &known);
    /// The file named at `ptr`, relative to `dir`, as an absolute path; ""
    /// (reported) when it names no file. `what` says what the file is.
    QString resolvePath(const std::string &ptr, const QString &dir, const QString &what);

private:
    const JsonText &m_doc;
    QList<Diagnostic> *m_errors;
    QList<Diagnostic> *m_warnings;
    int m_reported = 0;
};

/// Puts diagnostics of one file in the file's order, as a compiler reports.
void sortByPosition(QList<Diagnostic> &diagnostics);

} // namespace kwb
