#include "sessionstore.h"

#include "llmcalls.h"
#include "targets/targetprofile.h"
#include "util/durablefile.h"
#include "util/logging.h"
#include "util/messages.h"
#include "workload/workload.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <limits>
#include <unistd.h>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

const char *kExperiments = "experiments.jsonl";

// A failed background sync of an earlier write fails the next write, so the
// loop stops on it instead of going on with a session that may not be kept.
bool earlierSyncFailed(QString *error)
{
    const QString failure = takeSyncError();
    if (failure.isEmpty())
        return false;
    if (error)
        *error = failure;
    return true;
}

bool writeAtomically(const QString &path, const QByteArray &data, QString *error)
{
    if (earlierSyncFailed(error))
        return false;
    QString reason;
    if (!replaceFile(path, data, Durability::Durable, &reason)) {
        if (error)
            *error = FileText::tr("cannot write %1: %2").arg(path, reason);
        return false;
    }
    return true;
}

} // namespace

Json ExperimentRecord::toJson() const
{
    return Json{{"id", id},
                {"round", round},
                {"parent", parent ? Json(*parent) : Json()},
                {"origin", ss(originWord(origin))},
                {"source_hash", ss(sourceHash)},
                {"knobs", knobs},
                {"plan", ss(plan)},
                {"host", ss(host)},
                {"result", result.document()},
                {"decision", ss(verdictWord(decision))},
                {"cause", ss(cause)},
                {"flags",
                 [&] {
                     Json f = Json::array();
                     for (const QString &x : flags)
                         f.push_back(ss(x));
                     return f;
                 }()},
                {"infra_error", infraError.isEmpty() ? Json() : Json(ss(infraError))},
                {"timings", timings},
                {"started_at", ss(startedAt)},
                {"finished_at", ss(finishedAt)}};
}

std::optional<ExperimentRecord> ExperimentRecord::fromJson(const Json &j, QString *error)
{
    auto refuse = [&](const QString &why) -> std::optional<ExperimentRecord> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!j.is_object() || !j.contains("id") || !j["id"].is_number_integer() ||
        !j.contains("source_hash") || !j["source_hash"].is_string())
        return refuse(FileText::tr("a record needs an integer 'id' and a string 'source_hash'"));
    // Every other member is optional, but when present must have its type:
    // a record someone edited into another shape is refused whole, never
    // half-read.
    for (const char *key : {"origin", "plan", "host", "decision", "cause", "started_at",
                            "finished_at", "infra_error"}) {
        if (j.contains(key) && !j[key].is_string() && !j[key].is_null())
            return refuse(FileText::tr("'%1' must be a string, found %2")
                              .arg(QLatin1String(key), jsonTypeName(j[key])));
    }
    for (const char *key : {"round", "parent"}) {
        if (j.contains(key) && !j[key].is_number_integer() && !j[key].is_null())
            return refuse(FileText::tr("'%1' must be an integer, found %2")
                              .arg(QLatin1String(key), jsonTypeName(j[key])));
    }
    for (const char *key : {"knobs", "timings", "result"}) {
        if (j.contains(key) && !j[key].is_object() && !j[key].is_null())
            return refuse(FileText::tr("'%1' must be an object, found %2")
                              .arg(QLatin1String(key), jsonTypeName(j[key])));
    }
    if (j.contains("flags") && !j["flags"].is_array() && !j["flags"].is_null())
        return refuse(FileText::tr("'%1' must be an array, found %2")
                          .arg(u"flags"_s, jsonTypeName(j["flags"])));
    if (j["id"].get<qint64>() <= 0 || j["id"].get<qint64>() > std::numeric_limits<int>::max())
        return refuse(FileText::tr("'id' must be a positive integer"));
    auto text = [&](const char *key) { return qs(stringAt(j, {key})); };
    auto object = [&](const char *key) {
        const Json *v = findAt(j, {key});
        return v && v->is_object() ? *v : Json::object();
    };
    ExperimentRecord r;
    r.id = j["id"].get<int>();
    if (const Json *round = findAt(j, {"round"}); round && round->is_number_integer())
        r.round = int(std::clamp<qint64>(round->get<qint64>(), 0, std::numeric_limits<int>::max()));
    if (const Json *parent = findAt(j, {"parent"}); parent && parent->is_number_integer())
        r.parent =
            int(std::clamp<qint64>(parent->get<qint64>(), 0, std::numeric_limits<int>::max()));
    r.origin = originFromWord(text("origin"));
    r.sourceHash = text("source_hash");
    r.knobs = object("knobs");
    r.plan = text("plan");
    r.host = text("host");
    if (const Json *result = findAt(j, {"result"}); result && result->is_object())
        r.result = *result;
    r.decision = verdictFromWord(text("decision"));
    r.cause = text("cause");
    if (const Json *flags = findAt(j, {"flags"}); flags && flags->is_array()) {
        for (const Json &f : *flags) {
            if (f.is_string())
                r.flags << qs(f.get<std::string>());
        }
    }
    r.infraError = text("infra_error");
    r.timings = object("timings");
    r.startedAt = text("started_at");
    r.finishedAt = text("finished_at");
    return r;
}

bool SessionStore::exists(const QString &dir)
{
    return QFileInfo::exists(dir + u"/session.json"_s);
}

std::unique_ptr<SessionStore> SessionStore::create(const QString &dir, const Workload &workload,
                                                   const TargetProfile &target, QString *error)
{
    if (exists(dir)) {
        if (error)
            *error = FileText::tr("a session already exists in %1").arg(dir);
        return nullptr;
    }
    std::unique_ptr<SessionStore> s(new SessionStore);
    s->m_dir = QDir(dir).absolutePath();
    for (const QString &sub : {u""_s, u"/kernels"_s, u"/logs"_s}) {
        if (!QDir().mkpath(s->m_dir + sub)) {
            if (error)
                *error = FileText::tr("cannot create %1").arg(s->m_dir + sub);
            return nullptr;
        }
    }
    s->m_info = Json{{"schema", "kwb.session/1"},
                     {"workload_path", ss(workload.path)},
                     {"workload", workload.snapshot},
                     {"target", ss(target.id)},
                     {"kernel_extension", ss(target.sourceExtension)},
                     {"status", "created"},
                     {"created_at", ss(QDateTime::currentDateTimeUtc().toString(Qt::ISODate))}};
    if (!s->writeInfo(error))
        return nullptr;
    QFile log(s->m_dir + u'/' + QString::fromLatin1(kExperiments));
    if (!log.open(QIODevice::WriteOnly | QIODevice::Append)) {
        if (error)
            *error = FileText::tr("cannot create %1: %2").arg(log.fileName(), log.errorString());
        return nullptr;
    }
    s->m_goodBytes = s->m_fileBytes = 0;
    return s;
}

std::unique_ptr<SessionStore> SessionStore::openOrCreate(const QString &dir,
                                                         const Workload &workload,
                                                         const TargetProfile &target,
                                                         QString *error)
{
    auto session = exists(dir) ? open(dir, error) : create(dir, workload, target, error);
    if (!session)
        return nullptr;
    QString difference;
    if (!session->matchesWorkload(workload, &difference)) {
        *error = FileText::tr("session %1 was made for another version of this workload (%2); use "
                              "a new session folder")
                     .arg(dir, difference);
        return nullptr;
    }
    return session;
}

std::unique_ptr<SessionStore> SessionStore::open(const QString &dir, QString *error)
{
    std::unique_ptr<SessionStore> s(new SessionStore);
    s->m_dir = QDir(dir).absolutePath();
    if (!s->load(error))
        return nullptr;
    return s;
}

bool SessionStore::load(QString *error)
{
    const QString infoPath = m_dir + u"/session.json"_s;
    Diagnostic d;
    auto info = JsonText::parseFile(infoPath, &d);
    if (!info) {
        if (error)
            *error = QFileInfo::exists(infoPath)
                         ? d.toString()
                         : FileText::tr("%1 is not a session (no session.json)").arg(m_dir);
        return false;
    }
    if (!info->root().is_object() || stringAt(info->root(), {"schema"}) != "kwb.session/1") {
        if (error)
            *error = infoPath + u": not a kwb.session/1 document"_s;
        return false;
    }
    m_info = info->root();

    const QString path = m_dir + u'/' + QString::fromLatin1(kExperiments);
    QFile f(path);
    if (!f.exists()) {
        m_goodBytes = m_fileBytes = 0;
        return true;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = FileText::tr("cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    const QByteArray data = f.readAll();
    m_fileBytes = data.size();
    qsizetype start = 0;
    int lineNo = 0;
    while (start < data.size()) {
        ++lineNo;
        const qsizetype nl = data.indexOf('\n', start);
        if (nl < 0) {
            // A line without its newline is a write cut short by a crash:
            // ignore it (it is set aside on the next append) and say so.
            m_warnings << path + u':' + QString::number(lineNo) +
                              u": ignored a torn last line ("_s +
                              QString::number(data.size() - start) +
                              u" bytes without a newline; left by an interrupted write)"_s;
            break;
        }
        const QByteArray line = data.mid(start, nl - start);
        start = nl + 1;
        if (line.trimmed().isEmpty())
            continue;
        Diagnostic err;
        auto doc = JsonText::parse(line, path, &err);
        QString why;
        std::optional<ExperimentRecord> rec;
        if (doc)
            rec = ExperimentRecord::fromJson(doc->root(), &why);
        if (!rec) {
            m_warnings << path + u':' + QString::number(lineNo) + u':' +
                              QString::number(doc ? 1 : err.pos.column) +
                              u": skipped a malformed record: "_s + (doc ? why : err.message);
            continue;
        }
        if (const auto seen = m_byId.constFind(rec->id); seen != m_byId.constEnd()) {
            // The first record of an id is the one the session was built on.
            m_warnings << path + u':' + QString::number(lineNo) +
                              u":1: skipped a record whose id "_s + QString::number(rec->id) +
                              u" is already taken (by the record on line "_s +
                              QString::number(m_lines[*seen]) + u')';
            continue;
        }
        m_byId.insert(rec->id, m_records.size());
        m_lines.push_back(lineNo);
        m_records.push_back(std::move(*rec));
    }
    m_goodBytes = start <= data.size() && (data.isEmpty() || data.endsWith('\n'))
                      ? data.size()
                      : data.lastIndexOf('\n') + 1;
    return true;
}

bool SessionStore::writeInfo(QString *error)
{
    return writeAtomically(m_dir + u"/session.json"_s,
                           QByteArray::fromStdString(m_info.dump(2)) + '\n', error);
}

bool SessionStore::repairTornTail(QString *error)
{
    if (m_goodBytes < 0 || m_goodBytes == m_fileBytes)
        return true;
    const QString path = m_dir + u'/' + QString::fromLatin1(kExperiments);
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite)) {
        if (error)
            *error = FileText::tr("cannot repair %1: %2").arg(path, f.errorString());
        return false;
    }
    f.seek(m_goodBytes);
    const QByteArray torn = f.readAll();
    // Nothing is thrown away: the torn bytes go to a side file first.
    QFile side(path + u".torn"_s);
    if (!side.open(QIODevice::WriteOnly | QIODevice::Append) || side.write(torn + '\n') < 0) {
        if (error)
            *error = FileText::tr("cannot save the torn tail of %1").arg(path);
        return false;
    }
    side.close();
    if (!f.resize(m_goodBytes)) {
        if (error)
            *error = FileText::tr("cannot truncate %1: %2").arg(path, f.errorString());
        return false;
    }
    m_fileBytes = m_goodBytes;
    return true;
}

const ExperimentRecord *SessionStore::find(int id) const
{
    const auto it = m_byId.constFind(id);
    return it == m_byId.cend() ? nullptr : &m_records[*it];
}

const ExperimentRecord *SessionStore::findBySourceHash(const QString &hash) const
{
    for (const ExperimentRecord &r : m_records) {
        if (r.sourceHash == hash && r.infraError.isEmpty() && !r.result.isNull() && !r.untrusted())
            return &r;
    }
    return nullptr;
}

bool SessionStore::matchesWorkload(const Workload &workload, QString *difference) const
{
    const Json &mine = m_info.value("workload", Json());
    if (mine == workload.snapshot)
        return true;
    if (difference) {
        const Json patch = Json::diff(mine, workload.snapshot);
        QStringList paths;
        for (const Json &op : patch) {
            if (paths.size() < 5)
                paths << qs(op.value("path", std::string()));
        }
        *difference = FileText::tr("differs at %1").arg(paths.join(u", "_s));
    }
    return false;
}

int SessionStore::nextId() const
{
    int id = 0;
    for (const ExperimentRecord &r : m_records)
        id = std::max(id, r.id);
    return id + 1;
}

bool SessionStore::storeKernel(const QString &hash, const QString &source, const QString &extension,
                               QString *error)
{
    const QString path = m_dir + u"/kernels/"_s + hash + u'.' + extension;
    if (QFileInfo::exists(path))
        return true;
    return writeAtomically(path, source.toUtf8(), error);
}

QString SessionStore::kernelExtension() const
{
    const auto it = m_info.find("kernel_extension");
    return it != m_info.end() && it->is_string() ? qs(it->get<std::string>()) : u"cpp"_s;
}

bool SessionStore::storeKernel(const QString &hash, const QString &source, QString *error)
{
    return storeKernel(hash, source, kernelExtension(), error);
}

QString SessionStore::kernelPath(const QString &hash) const
{
    // The usual extensions first: listing a folder of thousands of kernels
    // for every lookup is what made selecting a candidate slow.
    for (const char *ext : {".cpp", ".cu", ".py", ".c"}) {
        QString path = m_dir + u"/kernels/"_s + hash + QLatin1String(ext);
        if (QFileInfo::exists(path))
            return path;
    }
    const QStringList found = QDir(m_dir + u"/kernels"_s).entryList({hash + u".*"_s}, QDir::Files);
    return found.isEmpty() ? QString() : m_dir + u"/kernels/"_s + found.first();
}

QString SessionStore::readLog(int id, qint64 maxBytes) const
{
    QFile f(m_dir + u"/logs/"_s + QString::number(id) + u".log"_s);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.read(maxBytes)) : QString();
}

namespace {
constexpr const char *kLedger = "llm-ledger.jsonl";
constexpr const char *kTranscripts = "transcripts";
} // namespace

bool SessionStore::recordLlmCall(int number, const QString &purpose, const Json &transcript,
                                 QString *error)
{
    const QString dir = m_dir + u'/' + QString::fromLatin1(kTranscripts);
    QDir().mkpath(dir);
    const QString name = QString::number(number).rightJustified(4, u'0') + u'-' + purpose;
    bool ok = writeAtomically(dir + u'/' + name + u".json"_s,
                              QByteArray::fromStdString(transcript.dump(2)) + '\n', error);
    Json line = transcript;
    for (const char *key : {"system", "prompt", "reply", "endpoint", "template"})
        line.erase(key);
    QFile ledger(m_dir + u'/' + QString::fromLatin1(kLedger));
    if (!ledger.open(QIODevice::Append) ||
        ledger.write(QByteArray::fromStdString(line.dump()) + '\n') < 0 || !ledger.flush()) {
        if (error)
            *error =
                FileText::tr("cannot write %1: %2").arg(ledger.fileName(), ledger.errorString());
        ok = false;
    }
    return ok;
}

std::vector<Json> SessionStore::transcripts() const
{
    std::vector<Json> out;
    const QDir dir(m_dir + u'/' + QString::fromLatin1(kTranscripts));
    for (const QString &name : dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        Json t = Json::parse(f.readAll().toStdString(), nullptr, false);
        if (t.is_object())
            out.push_back(std::move(t));
    }
    return out;
}

LedgerTotals SessionStore::ledgerTotals() const
{
    LedgerTotals t;
    QFile f(m_dir + u'/' + QString::fromLatin1(kLedger));
    if (!f.open(QIODevice::ReadOnly))
        return t;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const Json j = Json::parse(line.toStdString(), nullptr, false);
        if (j.is_object())
            t.add(j); // a torn last line: the call it described is not counted
    }
    return t;
}

bool SessionStore::writeLog(int id, const QString &text, QString *error)
{
    return writeAtomically(m_dir + u"/logs/"_s + QString::number(id) + u".log"_s, text.toUtf8(),
                           error);
}

bool SessionStore::record(ExperimentRecord &record, const QString &source, const QString &console,
                          QString *error)
{
    return (source.isEmpty() || storeKernel(record.sourceHash, source, error)) &&
           append(record, error) && (console.isEmpty() || writeLog(record.id, console, error));
}

bool SessionStore::append(ExperimentRecord &record, QString *error)
{
    if (!repairTornTail(error))
        return false;
    if (record.id == 0)
        record.id = nextId();
    qCDebug(lcSession).noquote() << m_dir << "appends #" << record.id
                                 << verdictWord(record.decision);
    const QString path = m_dir + u'/' + QString::fromLatin1(kExperiments);
    const QByteArray line = QByteArray::fromStdString(record.toJson().dump()) + '\n';
    QString reason;
    if (earlierSyncFailed(error))
        return false;
    if (!appendToFile(path, line, &reason)) {
        if (error)
            *error = FileText::tr("cannot append to %1: %2").arg(path, reason);
        return false;
    }
    m_fileBytes += line.size();
    m_goodBytes = m_fileBytes;
    m_byId.insert(record.id, m_records.size());
    m_lines.push_back(0); // not read from a line
    m_records.push_back(record);
    return true;
}

int SessionStore::loopId(const char *key) const
{
    const double id = numberAt(loopState(), {key}, 0);
    return id >= 1 && id <= std::numeric_limits<int>::max() && id == std::floor(id) ? int(id) : 0;
}

bool SessionStore::setStatus(const QString &status, QString *error)
{
    m_info["status"] = ss(status);
    m_info["updated_at"] = ss(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    return writeInfo(error);
}

} // namespace kwb

namespace kwb {

bool SessionStore::setLoopState(const Json &state, QString *error)
{
    m_info["loop"] = state;
    return writeInfo(error);
}

QStringList SessionStore::hosts() const
{
    QStringList out;
    if (const Json *h = findAt(m_info, {"hosts"}); h && h->is_array()) {
        for (const Json &spec : *h) {
            if (spec.is_string())
                out << qs(spec.get<std::string>());
        }
    }
    return out;
}

bool SessionStore::setHosts(const QStringList &hosts, QString *error)
{
    Json list = Json::array();
    for (const QString &spec : hosts)
        list.push_back(spec.toStdString());
    if (const Json *h = findAt(m_info, {"hosts"}); h && *h == list)
        return true;
    m_info["hosts"] = list;
    return writeInfo(error);
}

Json SessionStore::memory() const
{
    QFile f(m_dir + u"/memory.json"_s);
    if (!f.open(QIODevice::ReadOnly))
        return Json::array();
    Json j = Json::parse(f.readAll().toStdString(), nullptr, false);
    return j.is_array() ? j : Json::array();
}

bool SessionStore::writeMemory(const Json &records, QString *error)
{
    return writeAtomically(m_dir + u"/memory.json"_s,
                           QByteArray::fromStdString(records.dump(2)) + '\n', error);
}

std::vector<Json> SessionStore::reflections() const
{
    std::vector<Json> out;
    QFile f(m_dir + u"/reflexions.jsonl"_s);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine();
        if (!line.endsWith('\n'))
            break; // torn last line: ignored, like experiments.jsonl
        Json j = Json::parse(line.toStdString(), nullptr, false);
        if (j.is_object())
            out.push_back(std::move(j));
    }
    return out;
}

bool SessionStore::appendReflection(const Json &reflection, QString *error)
{
    QFile f(m_dir + u"/reflexions.jsonl"_s);
    const QByteArray line = QByteArray::fromStdString(reflection.dump()) + '\n';
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append) || f.write(line) != line.size() ||
        !f.flush()) {
        if (error)
            *error = FileText::tr("cannot append to %1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    return true;
}

} // namespace kwb
