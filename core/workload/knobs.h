#pragma once

#include "util/expression.h"
#include "util/jsontext.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

namespace kwb {

/// The most knobs a workload may declare (their product is the space).
constexpr int kMaxKnobs = 64;

/// A C identifier: what a name pasted into generated code (a knob's
/// #define, a tensor's parameter, an entry) must be.
bool isIdentifier(const QString &name);
/// One line of text: no control character (a line break would let a value
/// written into a generated file add lines of its own).
bool isOneLine(const QString &text);

/// A number as people write it: whole numbers in full (64, 10000, never
/// 64.0 or 1e+04), others to 12 significant digits.
QString numberText(double v);
/// A recorded knob value as the engineer writes it: 64 (never 64.0), ijk.
QString knobValueText(const Json &value);
/// Recorded knob values as "BM=64 BN=128 ORDER=ijk" (the record's order).
QString knobsText(const Json &knobs);

/// One value a knob can take: its text as written into the kernel and, for
/// numeric knobs, the number constraints see.
struct KnobValue
{
    QString text;
    double number = 0;
    bool numeric = false;
    bool quoted = false; ///< emitted as a string literal (permutations, strings)
};

/// A tunable parameter of a templated kernel. Every kind is enumerated into
/// `values` at load time, so search code treats all kinds alike.
struct Knob
{
    enum class Kind
    {
        List,
        Range,
        Divisors,
        Permutation
    };
    QString name;
    Kind kind = Kind::List;
    QString description;
    std::vector<KnobValue> values;
    int defaultIndex = 0;
    bool declaredDefault = false; ///< the workload names a default (else the first value stands in)
    // Permutation only: the items and "a before b" precedences.
    QStringList items;
    std::vector<std::pair<QString, QString>> before;

    int indexOf(const QString &text) const;
    QString domainText(int maxShown = 8) const;
};

/// A point of the knob space: one value index per knob, in declaration order.
using KnobConfig = std::vector<int>;

/// Why a configuration is invalid and what to nudge.
struct Violation
{
    QString constraint;                     ///< the constraint as written
    QString values;                         ///< the values of the knobs it mentions, "BM=128 BK=64"
    QStringList suggestions;                ///< "BK=32" — single-knob changes that make it valid
    QStringList knobs;                      ///< knobs the constraint mentions
    std::vector<std::pair<int, int>> fixes; ///< (knob index, value index) behind each suggestion
    QString toString() const;
};

struct ValidityReport
{
    std::vector<Violation> violations;
    bool ok() const { return violations.empty(); }
    QString toString() const;
};

class KnobSpace
{
public:
    /// Reads `/knobs` and `/constraints` of a workload. `dims` may be named in
    /// constraints and as a divisors target. Problems go to `diagnostics`:
    /// errors, and a warning for each unknown key of a knob's declaration.
    static KnobSpace fromJson(const JsonText &doc, const QStringList &dimNames,
                              const std::vector<double> &dimValues, QList<Diagnostic> *diagnostics);

    bool isEmpty() const { return m_knobs.empty(); }
    const std::vector<Knob> &knobs() const { return m_knobs; }
    const QStringList &constraints() const { return m_constraintTexts; }
    int indexOfKnob(const QString &name) const;
    /// The knobs' names, in declaration order.
    QStringList knobNames() const;

    /// Number of configurations before constraints (may be huge).
    double cardinality() const;
    KnobConfig defaultConfig() const;
    /// Whether any knob's default was declared: a point its author chose, not
    /// the first value of every list (a Kernel Tuner recording has none).
    bool hasDeclaredDefaults() const;

    ValidityReport check(const KnobConfig &config) const;
    bool isValid(const KnobConfig &config) const;

    /// Parses `NAME=VALUE` assignments over the defaults. Unknown names and
    /// values outside a knob's domain are errors naming the domain.
    std::optional<KnobConfig> parseAssignments(const QStringList &assignments,
                                               QStringList *errors) const;

    /// Visits every valid configuration in lexicographic order; stop by
    /// returning false. Returns the number of valid configurations visited.
    qint64 forEachValid(const std::function<bool(const KnobConfig &)> &visit) const;

    /// How many configurations are valid: counted exactly when the space
    /// holds at most `enumerateUpTo`, else estimated from `samples` drawn at
    /// random (a fixed seed: the same answer every time), so a huge space
    /// costs no more than a small one.
    struct ValidCount
    {
        double count = 0;
        bool exact = true;
    };
    ValidCount countValid(double enumerateUpTo = 100'000, int samples = 10'000) const;

    /// Source lines that bind each knob, e.g. "#define BM 64" for format
    /// "#define {name} {value}".
    QString defines(const KnobConfig &config, const QString &format) const;
    Json toJson(const KnobConfig &config) const;
    /// The inverse of toJson(); nullopt when a knob is missing or off its domain.
    std::optional<KnobConfig> configFromJson(const Json &values) const;
    QString describe(const KnobConfig &config) const;

private:
    void bindVariables(const QStringList &dimNames);
    void readConstraints(const JsonText &doc, QList<Diagnostic> *diags);
    bool satisfies(size_t constraint, const KnobConfig &config) const;
    std::vector<double> variablesFor(const KnobConfig &config) const;

    std::vector<Knob> m_knobs;
    QStringList m_constraintTexts;
    // Expressions are evaluated through a mutable cache: muparser binds
    // variables by pointer, so evaluation mutates the compiled object.
    mutable std::vector<Expression> m_constraints;
    QStringList m_variableNames;     // numeric knobs, then dims
    std::vector<int> m_variableKnob; // knob index per variable, -1 for dims
    std::vector<double> m_dimValues;
};

} // namespace kwb
