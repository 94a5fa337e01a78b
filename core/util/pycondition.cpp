#include "pycondition.h"

#include "messages.h"

#include <vector>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

struct Token
{
    enum Kind
    {
        Number,
        Name,
        Op,
        End
    } kind = End;
    QString text;
    int column = 0; // 1-based
};

/// Recursive descent over Python's expression grammar, as far as a
/// restriction on numeric knobs uses it; every sub-expression comes out
/// parenthesized, so muparser's precedences never matter.
class Translator
{
public:
    explicit Translator(const QString &text) : m_text(text) {}

    PyCondition run()
    {
        PyCondition out;
        if (tokenize()) {
            QString t = orExpr();
            if (m_error.isEmpty() && peek().kind != Token::End)
                fail(FileText::tr("unexpected '%1'").arg(peek().text), peek().column);
            if (m_error.isEmpty())
                out.text = t;
        }
        out.error = m_error;
        out.errorColumn = m_errorColumn;
        return out;
    }

private:
    bool tokenize()
    {
        static const QStringList ops = {u"**"_s, u"//"_s, u"=="_s, u"!="_s, u"<="_s, u">="_s,
                                        u"<"_s,  u">"_s,  u"+"_s,  u"-"_s,  u"*"_s,  u"/"_s,
                                        u"%"_s,  u"("_s,  u")"_s,  u","_s};
        qsizetype i = 0;
        while (i < m_text.size()) {
            const QChar c = m_text[i];
            if (c.isSpace()) {
                ++i;
                continue;
            }
            const int column = int(i) + 1;
            if (c.isDigit() || (c == u'.' && i + 1 < m_text.size() && m_text[i + 1].isDigit())) {
                qsizetype j = i;
                while (j < m_text.size() && (m_text[j].isLetterOrNumber() || m_text[j] == u'.' ||
                                             ((m_text[j] == u'+' || m_text[j] == u'-') &&
                                              (m_text[j - 1] == u'e' || m_text[j - 1] == u'E'))))
                    ++j;
                QString number = m_text.mid(i, j - i);
                bool ok = false;
                number.toDouble(&ok);
                if (!ok)
                    return fail(FileText::tr("not a number: '%1'").arg(number), column);
                m_tokens.push_back({Token::Number, number, column});
                i = j;
                continue;
            }
            if (c.isLetter() || c == u'_') {
                qsizetype j = i;
                while (j < m_text.size() && (m_text[j].isLetterOrNumber() || m_text[j] == u'_'))
                    ++j;
                m_tokens.push_back({Token::Name, m_text.mid(i, j - i), column});
                i = j;
                continue;
            }
            bool matched = false;
            for (const QString &op : ops) {
                if (QStringView(m_text).mid(i).startsWith(op)) {
                    m_tokens.push_back({Token::Op, op, column});
                    i += op.size();
                    matched = true;
                    break;
                }
            }
            if (!matched) {
                return fail(c == u'\'' || c == u'"'
                                ? FileText::tr("strings are not supported in a restriction")
                                : FileText::tr("unexpected character '%1'").arg(c),
                            column);
            }
        }
        m_tokens.push_back({Token::End, QString(), int(m_text.size()) + 1});
        return true;
    }

    bool fail(const QString &message, int column)
    {
        if (m_error.isEmpty()) {
            m_error = message;
            m_errorColumn = column;
        }
        return false;
    }
    const Token &peek() const { return m_tokens[m_at]; }
    bool accept(Token::Kind kind, const QString &text)
    {
        if (peek().kind == kind && peek().text == text) {
            ++m_at;
            return true;
        }
        return false;
    }
    bool ok() const { return m_error.isEmpty(); }

    QString orExpr()
    {
        QString left = andExpr();
        while (ok() && accept(Token::Name, u"or"_s))
            left = u'(' + left + u" || "_s + andExpr() + u')';
        return left;
    }
    QString andExpr()
    {
        QString left = notExpr();
        while (ok() && accept(Token::Name, u"and"_s))
            left = u'(' + left + u" && "_s + notExpr() + u')';
        return left;
    }
    QString notExpr()
    {
        if (accept(Token::Name, u"not"_s))
            return u"(("_s + notExpr() + u") == 0)"_s;
        return comparison();
    }
    QString comparison()
    {
        static const QStringList cmp = {u"=="_s, u"!="_s, u"<="_s, u">="_s, u"<"_s, u">"_s};
        QString left = arith();
        QStringList parts;
        while (ok() && peek().kind == Token::Op && cmp.contains(peek().text)) {
            const QString op = m_tokens[m_at++].text;
            const QString right = arith();
            parts.append(u'(' + left + u' ' + op + u' ' + right + u')');
            left = right;
        }
        if (ok() && peek().kind == Token::Name &&
            (peek().text == u"in"_s || peek().text == u"is"_s || peek().text == u"if"_s))
            fail(FileText::tr("'%1' is not supported in a restriction").arg(peek().text),
                 peek().column);
        if (parts.isEmpty())
            return left;
        return parts.size() == 1 ? parts.front() : QString(u'(' + parts.join(u" && "_s) + u')');
    }
    QString arith()
    {
        QString left = term();
        while (ok() && (peek().text == u"+"_s || peek().text == u"-"_s) &&
               peek().kind == Token::Op) {
            const QString op = m_tokens[m_at++].text;
            left = u'(' + left + u' ' + op + u' ' + term() + u')';
        }
        return left;
    }
    QString term()
    {
        QString left = unary();
        while (ok() && peek().kind == Token::Op &&
               (peek().text == u"*"_s || peek().text == u"/"_s || peek().text == u"//"_s ||
                peek().text == u"%"_s)) {
            const QString op = m_tokens[m_at++].text;
            const QString right = unary();
            left = op == u"//"_s ? QString(u"floor("_s + left + u" / "_s + right + u')')
                                 : QString(u'(' + left + u' ' + op + u' ' + right + u')');
        }
        return left;
    }
    QString unary()
    {
        if (peek().kind == Token::Op && (peek().text == u"-"_s || peek().text == u"+"_s)) {
            const QString op = m_tokens[m_at++].text;
            return u'(' + op + unary() + u')';
        }
        QString base = primary();
        if (ok() && accept(Token::Op, u"**"_s))
            return u'(' + base + u" ^ "_s + unary() + u')';
        return base;
    }
    QString primary()
    {
        const Token t = peek();
        if (t.kind == Token::Number) {
            ++m_at;
            return t.text;
        }
        if (accept(Token::Op, u"("_s)) {
            const QString inner = orExpr();
            if (ok() && !accept(Token::Op, u")"_s))
                fail(FileText::tr("expected ')'"), peek().column);
            return u'(' + inner + u')';
        }
        if (t.kind == Token::Name) {
            static const QStringList keywords = {u"and"_s, u"or"_s, u"not"_s,  u"in"_s,
                                                 u"is"_s,  u"if"_s, u"else"_s, u"lambda"_s};
            if (keywords.contains(t.text)) {
                fail(FileText::tr("unexpected '%1'").arg(t.text), t.column);
                return {};
            }
            ++m_at;
            if (t.text == u"True"_s)
                return u"1"_s;
            if (t.text == u"False"_s)
                return u"0"_s;
            if (!accept(Token::Op, u"("_s))
                return t.text;
            static const QStringList functions = {u"min"_s, u"max"_s, u"abs"_s};
            if (!functions.contains(t.text)) {
                fail(FileText::tr("unknown function '%1' (min, max and abs are known)").arg(t.text),
                     t.column);
                return {};
            }
            QStringList args;
            do {
                args.append(orExpr());
            } while (ok() && accept(Token::Op, u","_s));
            if (ok() && !accept(Token::Op, u")"_s))
                fail(FileText::tr("expected ')'"), peek().column);
            return t.text + u'(' + args.join(u", "_s) + u')';
        }
        fail(t.kind == Token::End ? FileText::tr("the restriction ends too early")
                                  : FileText::tr("unexpected '%1'").arg(t.text),
             t.column);
        return {};
    }

    QString m_text;
    std::vector<Token> m_tokens;
    size_t m_at = 0;
    QString m_error;
    int m_errorColumn = 0;
};

} // namespace

PyCondition translatePythonCondition(const QString &python)
{
    return Translator(python).run();
}

} // namespace kwb
