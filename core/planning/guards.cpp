#include "guards.h"

#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QRegularExpression>
#include <QSet>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

QString GuardFinding::toString() const
{
    return reason + u" (line "_s + QString::number(line) + u": "_s + excerpt + u')';
}

QString codeOnly(const QString &source, const QString &language)
{
    const bool python = language == u"python"_s;
    QString out = source;
    enum
    {
        Code,
        Line,
        Block,
        Str,
        Triple ///< Python's """…""" or '''…''': spans lines (docstrings)
    } state = Code;
    QChar quote;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const QChar c = out[i];
        const QChar next = i + 1 < out.size() ? out[i + 1] : QChar();
        switch (state) {
        case Code:
            if ((!python && c == u'/' && next == u'/') || (python && c == u'#')) {
                state = Line;
                out[i] = u' ';
            } else if (!python && c == u'/' && next == u'*') {
                state = Block;
                out[i] = u' ';
            } else if (python && (c == u'"' || c == u'\'') && out.mid(i, 3) == QString(3, c)) {
                state = Triple;
                quote = c;
                i += 2;
            } else if (c == u'"' || (c == u'\'' && python)) {
                state = Str;
                quote = c;
            }
            break;
        case Triple:
            if (c == quote && out.mid(i, 3) == QString(3, quote)) {
                i += 2;
                state = Code;
            } else if (c == u'\\' && next != u'\n') {
                out[i] = out[i + 1] = u' ';
                ++i;
            } else if (c != u'\n') {
                out[i] = u' ';
            }
            break;
        case Line:
            if (c == u'\n')
                state = Code;
            else
                out[i] = u' ';
            break;
        case Block:
            if (c == u'*' && next == u'/') {
                out[i] = out[i + 1] = u' ';
                ++i;
                state = Code;
            } else if (c != u'\n') {
                out[i] = u' ';
            }
            break;
        case Str:
            if (c == u'\\' && next != u'\n') {
                out[i] = out[i + 1] = u' ';
                ++i;
            } else if (c == quote || c == u'\n') {
                state = Code;
            } else {
                out[i] = u' ';
            }
            break;
        }
    }
    return out;
}

QList<GuardFinding> checkGuards(const QString &source, const TargetProfile &target,
                                const Workload &workload)
{
    QList<GuardFinding> found;
    const QString code = codeOnly(source, target.language);
    const QStringList lines = source.split(u'\n');
    // The benchmark's sizes, as numbers worth special-casing (small ones such
    // as 1 or 2 are everyday loop bounds).
    QSet<qint64> sizes;
    for (double v : workload.dimValues) {
        if (v >= 16)
            sizes.insert(qint64(v));
    }
    QStringList dims;
    for (qint64 v : std::as_const(sizes))
        dims << QString::number(v);
    for (const GuardRule &rule : target.guards) {
        if (rule.pattern.contains(u"{dims}"_s) && dims.isEmpty())
            continue;
        QString pattern = rule.pattern;
        pattern.replace(u"{reference}"_s, QRegularExpression::escape(workload.referenceEntry))
            .replace(u"{dims}"_s, dims.join(u'|'));
        const QRegularExpression re(pattern);
        const QRegularExpressionMatch m = re.match(code);
        if (!m.hasMatch())
            continue;
        const int line = int(code.left(m.capturedStart()).count(u'\n')) + 1;
        found.push_back({rule.id, rule.reason, line, lines.value(line - 1).trimmed().left(120)});
    }
    return found;
}

} // namespace kwb
