#include "codeblocks.h"

#include <QRegularExpression>
#include <algorithm>
#include <vector>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

struct Block
{
    QString info; ///< the fence's info string: "cpp", "c++ title=x"…
    QString code;
};

std::vector<Block> fencedBlocks(const QString &reply)
{
    std::vector<Block> blocks;
    QStringList lines = reply.split(u'\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast(); // the reply's final line break
    QString fence;          // the opening fence while inside a block
    Block current;
    for (const QString &raw : lines) {
        const QString line = raw.endsWith(u'\r') ? raw.chopped(1) : raw;
        const QString trimmed = line.trimmed();
        if (fence.isEmpty()) {
            if (trimmed.startsWith(u"```"_s) || trimmed.startsWith(u"~~~"_s)) {
                const QChar c = trimmed[0];
                qsizetype n = 0;
                while (n < trimmed.size() && trimmed[n] == c)
                    ++n;
                fence = trimmed.left(n);
                current = Block{trimmed.mid(n).trimmed().toLower(), {}};
            }
            continue;
        }
        if (trimmed.startsWith(fence) && trimmed.mid(fence.size()).trimmed().isEmpty()) {
            blocks.push_back(current);
            fence.clear();
            continue;
        }
        current.code += line + u'\n';
    }
    if (!fence.isEmpty() && !current.code.trimmed().isEmpty())
        blocks.push_back(current); // a reply cut off inside its block
    return blocks;
}

} // namespace

ExtractedCode extractKernel(const QString &reply, const QStringList &languages,
                            const QString &entry)
{
    ExtractedCode out;
    const std::vector<Block> blocks = fencedBlocks(reply);
    out.blocks = int(blocks.size());
    const QString fence = u"```"_s + languages.value(0);
    if (blocks.empty()) {
        out.error =
            u"Your reply has no fenced code block. Answer with the complete kernel in one "_s +
            fence + u" block."_s;
        return out;
    }
    const QRegularExpression defines(u"\\b"_s + QRegularExpression::escape(entry) + u"\\s*\\("_s);
    if (blocks.size() == 1) {
        out.source = blocks.front().code;
        return out;
    }
    const Block *best = nullptr;
    bool bestTagged = false;
    for (const Block &b : blocks) {
        if (!b.code.contains(defines))
            continue;
        const bool tagged = languages.contains(b.info.section(u' ', 0, 0));
        if (!best || (tagged && !bestTagged) ||
            (tagged == bestTagged && b.code.size() > best->code.size())) {
            best = &b;
            bestTagged = tagged;
        }
    }
    if (!best) {
        out.error = u"Your reply has "_s + QString::number(blocks.size()) +
                    u" code blocks and none defines "_s + entry +
                    u"(). Answer with the complete kernel, including "_s + entry +
                    u"(), in one "_s + fence + u" block."_s;
        return out;
    }
    out.source = best->code;
    return out;
}

std::optional<Json> extractJsonObject(const QString &reply, const std::vector<ReplyField> &fields,
                                      QString *error)
{
    QStringList candidates;
    for (const Block &b : fencedBlocks(reply))
        candidates << b.code;
    candidates << reply;
    const qsizetype open = reply.indexOf(u'{'), close = reply.lastIndexOf(u'}');
    if (open >= 0 && close > open)
        candidates << reply.mid(open, close - open + 1);
    std::optional<Json> found;
    for (const QString &text : std::as_const(candidates)) {
        const Json j = Json::parse(text.toStdString(), nullptr, /*allow_exceptions=*/false);
        if (j.is_object()) {
            found = j;
            break;
        }
    }
    QStringList names;
    for (const ReplyField &f : fields)
        names << QString::fromLatin1(f.name);
    if (!found) {
        *error = u"Your reply holds no JSON object. Reply with one JSON object with the fields "_s +
                 names.join(u", "_s) + u", and nothing else."_s;
        return std::nullopt;
    }
    Json out = Json::object();
    QStringList wrong;
    for (const ReplyField &f : fields) {
        const auto it = found->find(f.name);
        const bool ok =
            it != found->end() &&
            (f.list ? it->is_array() && std::all_of(it->begin(), it->end(),
                                                    [](const Json &x) { return x.is_string(); })
                    : it->is_string() && !it->get<std::string>().empty());
        if (!ok) {
            wrong << QString::fromLatin1(f.name) +
                         (f.list ? u" (an array of strings)"_s : u" (a non-empty string)"_s);
            continue;
        }
        out[f.name] = *it;
    }
    if (!wrong.isEmpty()) {
        *error = u"Your JSON object lacks or mistypes: "_s + wrong.join(u", "_s) +
                 u". Reply with one JSON object with exactly the fields "_s + names.join(u", "_s) +
                 u'.';
        return std::nullopt;
    }
    return out;
}

} // namespace kwb
