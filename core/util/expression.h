#pragma once

#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

namespace mu {
class Parser;
}

namespace kwb {

/// An arithmetic/logical expression over named variables, compiled once and
/// evaluated many times (FLOP formulas, knob constraints, derived metrics,
/// bottleneck rules). Backed by muparser; adds `%` (modulo) and `floor`
/// (`min`/`max` are muparser's own).
class Expression
{
public:
    Expression();
    ~Expression();
    Expression(Expression &&) noexcept;
    Expression &operator=(Expression &&) noexcept;
    /// Copies recompile: muparser binds variables by address, so a compiled
    /// parser cannot be shared or copied bytewise.
    Expression(const Expression &other);
    Expression &operator=(const Expression &other);

    /// Compiles `text` with `variables` as the only names it may use. On
    /// failure returns false and `errorString()` says what and where.
    bool compile(const QString &text, const QStringList &variables);

    /// Evaluates with `values` in the order of the compile-time variables.
    /// Returns false (and sets errorString) on a run-time error.
    bool evaluate(const std::vector<double> &values, double *result);

    const QString &text() const { return m_text; }
    const QString &errorString() const { return m_error; }
    /// The variables the expression actually mentions.
    const QStringList &usedVariables() const { return m_used; }

private:
    std::unique_ptr<mu::Parser> m_parser;
    std::unique_ptr<std::vector<double>> m_storage;
    QString m_text;
    QStringList m_variables;
    QString m_error;
    QStringList m_used;
};

/// One-shot helper: evaluate `text` with name/value bindings.
bool evaluateExpression(const QString &text, const QStringList &names,
                        const std::vector<double> &values, double *result, QString *error);

} // namespace kwb
