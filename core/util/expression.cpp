#include "expression.h"

#include "messages.h"

#include <QRegularExpression>
#include <cmath>
#include <muParser.h>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

mu::value_type modulo(mu::value_type a, mu::value_type b)
{
    return std::fmod(a, b);
}

mu::value_type floorOf(mu::value_type a)
{
    return std::floor(a);
}

QString describe(const mu::Parser::exception_type &e)
{
    // muparser says "Unexpected token "x" found at position 4."; we say
    // "unexpected token "x" found (at character 5)", counting from 1, in the
    // user's language for the errors a formula in a workload can make.
    const QString token = QString::fromStdString(e.GetToken()).trimmed().section(u' ', 0, 0);
    QString msg;
    switch (e.GetCode()) {
    case mu::ecUNEXPECTED_EOF:
        msg = FileText::tr("unexpected end of expression");
        break;
    case mu::ecUNEXPECTED_OPERATOR:
        msg = FileText::tr("unexpected operator \"%1\"").arg(token);
        break;
    case mu::ecUNEXPECTED_VAL:
        msg = FileText::tr("unexpected value \"%1\"").arg(token);
        break;
    case mu::ecUNEXPECTED_VAR:
        msg = FileText::tr("unexpected name \"%1\"").arg(token);
        break;
    case mu::ecUNEXPECTED_PARENS:
        msg = FileText::tr("unexpected parenthesis \"%1\"").arg(token);
        break;
    case mu::ecMISSING_PARENS:
        msg = FileText::tr("missing parenthesis");
        break;
    case mu::ecUNASSIGNABLE_TOKEN:
        msg = FileText::tr("unknown token \"%1\"").arg(token);
        break;
    case mu::ecEMPTY_EXPRESSION:
        msg = FileText::tr("the expression is empty");
        break;
    default:
        msg = QString::fromStdString(e.GetMsg()).trimmed();
        if (msg.endsWith(u'.'))
            msg.chop(1);
        if (const qsizetype at = msg.indexOf(u" at position"_s); at >= 0)
            msg.truncate(at);
        if (!msg.isEmpty())
            msg[0] = msg[0].toLower();
    }
    const int pos = int(e.GetPos());
    if (pos >= 0 && e.GetCode() != mu::ecUNEXPECTED_EOF)
        msg += u' ' + FileText::tr("(at character %1)").arg(pos + 1);
    return msg;
}

} // namespace

Expression::Expression() = default;
Expression::~Expression() = default;
Expression::Expression(Expression &&) noexcept = default;
Expression &Expression::operator=(Expression &&) noexcept = default;

Expression::Expression(const Expression &other)
{
    *this = other;
}

Expression &Expression::operator=(const Expression &other)
{
    if (this == &other)
        return *this;
    if (other.m_parser) {
        compile(other.m_text, other.m_variables);
    } else {
        m_parser.reset();
        m_storage.reset();
        m_text = other.m_text;
        m_variables = other.m_variables;
        m_error = other.m_error;
        m_used = other.m_used;
    }
    return *this;
}

bool Expression::compile(const QString &text, const QStringList &variables)
{
    m_text = text;
    m_variables = variables;
    m_error.clear();
    m_used.clear();
    m_parser = std::make_unique<mu::Parser>();
    m_storage = std::make_unique<std::vector<double>>(variables.size(), 0.0);
    try {
        m_parser->DefineOprt("%", modulo, mu::prMUL_DIV, mu::oaLEFT);
        m_parser->DefineFun("floor", floorOf);
        for (qsizetype i = 0; i < variables.size(); ++i)
            m_parser->DefineVar(variables[i].toStdString(), &(*m_storage)[size_t(i)]);
        m_parser->SetExpr(text.toStdString());
        // Forces the parse so syntax errors and unknown names surface now.
        for (const auto &[name, ptr] : m_parser->GetUsedVar()) {
            Q_UNUSED(ptr)
            m_used.append(QString::fromStdString(name));
        }
        // GetUsedVar() tolerates undefined names; we do not.
        for (const QString &name : std::as_const(m_used)) {
            if (!variables.contains(name)) {
                static const QRegularExpression word(u"[A-Za-z_][A-Za-z0-9_]*"_s);
                qsizetype at = -1;
                for (auto it = word.globalMatch(text); it.hasNext();) {
                    const auto m = it.next();
                    if (m.captured() == name) {
                        at = m.capturedStart();
                        break;
                    }
                }
                m_error =
                    at >= 0
                        ? FileText::tr("unknown name '%1' (at character %2)").arg(name).arg(at + 1)
                        : FileText::tr("unknown name '%1'").arg(name);
                m_parser.reset();
                return false;
            }
        }
    } catch (const mu::Parser::exception_type &e) {
        m_error = describe(e);
        m_parser.reset();
        return false;
    }
    return true;
}

bool Expression::evaluate(const std::vector<double> &values, double *result)
{
    if (!m_parser) {
        m_error = FileText::tr("expression was not compiled");
        return false;
    }
    std::copy_n(values.begin(), std::min(values.size(), m_storage->size()), m_storage->begin());
    try {
        *result = m_parser->Eval();
    } catch (const mu::Parser::exception_type &e) {
        m_error = describe(e);
        return false;
    }
    return true;
}

bool evaluateExpression(const QString &text, const QStringList &names,
                        const std::vector<double> &values, double *result, QString *error)
{
    Expression e;
    if (!e.compile(text, names) || !e.evaluate(values, result)) {
        if (error)
            *error = e.errorString();
        return false;
    }
    return true;
}

} // namespace kwb
