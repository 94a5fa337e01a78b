#pragma once

#include "record.h"
#include "recordedresult.h"
#include "source/kernelsource.h"
#include "util/jsontext.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

namespace kwb {

struct LedgerTotals;
struct TargetProfile;
struct Workload;

/// One candidate as recorded in experiments.jsonl.
struct ExperimentRecord
{
    int id = 0;
    int round = 0;
    std::optional<int> parent;
    Origin origin = Origin::Unknown; ///< stored as "human", "search", "agent", …
    QString sourceHash;
    Json knobs = Json::object();
    QString plan;
    QString host;
    RecordedResult result; ///< what its enriched kwb.result/1 says (none for infra failures)
    Verdict decision = Verdict::Unknown; ///< stored as "kept", "failed", "infra", …
    QString cause; ///< why: "faster by 12%…", "regression +31%", "compile", "engineer rejected"
    QStringList flags; ///< "reverified", "false-win", "flagged", "human-edited", "cached", "fixing"
                       ///< (failed, sent back for a fix), "fix", "sample"
    QString infraError;
    Json timings = Json::object();
    QString startedAt;
    QString finishedAt;

    /// Whether its timing cannot be trusted though its results were right:
    /// a false win (wrong on re-check), flagged by the loop (beyond a bound)
    /// or by the harness (symbol audit, outside clock, beyond the roofline,
    /// too many threads), which its result's own flags say even where the
    /// record's do not (a baseline, `kwb eval`'s records, older sessions).
    bool untrusted() const
    {
        return flags.contains(QStringLiteral("false-win")) ||
               flags.contains(QStringLiteral("flagged")) || result.flagged();
    }

    /// A metric of its result, by name or by role, whether or not its
    /// timing is trusted: only for a row that shows the verdict and flags
    /// beside it, never as a candidate's figure.
    std::optional<double> metric(const QString &name) const;
    std::optional<double> metric(MetricRole role) const;
    /// A metric only when the record is timed and correct (timedAndCorrect):
    /// what charts, comparisons, reports and exports show as its figures,
    /// so a false win's figures appear nowhere.
    std::optional<double> trustedMetric(const QString &name) const;
    std::optional<double> trustedMetric(MetricRole role) const;

    /// The roofline a record was measured against (its result's calibration).
    using Ceilings = RecordedResult::Ceilings;
    /// Its ceilings, or none when it ran on an uncalibrated host.
    std::optional<Ceilings> ceilings() const { return result.ceilings(); }

    Json toJson() const;
    static std::optional<ExperimentRecord> fromJson(const Json &j, QString *error);
};

/// A session directory, the single source of truth for a run. Only this
/// class knows the folder's layout:
///   session.json        workload snapshot, target, status (replaced atomically)
///   experiments.jsonl   one record per candidate (append-only, flushed)
///   kernels/<hash>.ext  every candidate's source, by normalized hash
///   logs/<id>.log       console output of each evaluation
///   transcripts/NNNN-<purpose>.json  every LLM call: prompt, reply, tokens, cost
///   llm-ledger.jsonl    one line per LLM call (no prompt, no reply), append-only
///   memory.json, reflexions.jsonl    the optimization memory and the reflexions
class SessionStore
{
public:
    static std::unique_ptr<SessionStore> create(const QString &dir, const Workload &workload,
                                                const TargetProfile &target, QString *error);
    static std::unique_ptr<SessionStore> open(const QString &dir, QString *error);
    /// The one way a run gets its session: opens the session in `dir`, or
    /// creates it for `workload`; refuses one made for another version of
    /// the workload.
    static std::unique_ptr<SessionStore> openOrCreate(const QString &dir, const Workload &workload,
                                                      const TargetProfile &target, QString *error);
    /// True when `dir` holds a session.json.
    static bool exists(const QString &dir);

    /// SHA-256 of the source after normalizing line endings and trailing
    /// white space, so a re-saved file is still the same candidate.
    static QString sourceHash(const QString &source) { return kernelSourceHash(source); }

    const QString &dir() const { return m_dir; }
    const Json &info() const { return m_info; }
    const std::vector<ExperimentRecord> &experiments() const { return m_records; }
    /// Problems met while reading (a torn last line, a malformed record).
    const QStringList &warnings() const { return m_warnings; }

    /// The record with this id, if any (constant time: the loop asks often).
    const ExperimentRecord *find(int id) const;
    /// The first finished record of a candidate with this source hash whose
    /// verdict can be answered again, if any. Infrastructure failures do not
    /// count (they are retried), nor do false wins and flagged results: their
    /// result documents claim a correct, fast kernel, and only the record's
    /// flags say otherwise, so the source is measured and checked again.
    const ExperimentRecord *findBySourceHash(const QString &hash) const;
    /// Whether the session's workload snapshot equals `workload`'s document.
    bool matchesWorkload(const Workload &workload, QString *difference) const;

    int nextId() const;
    bool storeKernel(const QString &hash, const QString &source, const QString &extension,
                     QString *error);
    /// Stores a kernel with the session target's extension (.cpp, .cu, .py).
    bool storeKernel(const QString &hash, const QString &source, QString *error);
    /// The extension of the session's kernels (older sessions: "cpp").
    QString kernelExtension() const;
    QString kernelPath(const QString &hash) const;
    bool writeLog(int id, const QString &text, QString *error);
    /// The start of logs/<id>.log ("" when there is none).
    QString readLog(int id, qint64 maxBytes = qint64(64) * 1024) const;

    /// An LLM call: its whole transcript, and its ledger line (the
    /// transcript without system, prompt, reply, endpoint and template).
    bool recordLlmCall(int number, const QString &purpose, const Json &transcript, QString *error);
    /// The LLM calls' transcripts, in call order (torn ones skipped: the
    /// ledger still counts them).
    std::vector<Json> transcripts() const;
    /// What the session's LLM calls cost, from the ledger.
    LedgerTotals ledgerTotals() const;
    /// Appends one record (assigning its id when 0) and flushes it to disk.
    bool append(ExperimentRecord &record, QString *error);
    /// The one way an evaluation is recorded: its kernel (`source`, when not
    /// empty, by the record's source hash), the record, and the console
    /// output in logs/<id>.log (when not empty).
    bool record(ExperimentRecord &record, const QString &source, const QString &console,
                QString *error);
    bool setStatus(const QString &status, QString *error);

    /// The loop's own state (incumbent, best, round…), kept in session.json:
    /// always an object, whatever the file holds.
    Json loopState() const
    {
        const Json *loop = findAt(m_info, {"loop"});
        return loop && loop->is_object() ? *loop : Json::object();
    }
    /// A record id the loop state names ("incumbent", "best", "start"); 0 when
    /// it names none or holds something else.
    int loopId(const char *key) const;
    /// The workload file the session was made from ("" when not recorded).
    QString workloadPath() const { return qs(stringAt(m_info, {"workload_path"})); }
    bool setLoopState(const Json &state, QString *error);
    /// The hosts a run was told to use (kwb run --host): a resumed run
    /// without its own uses them again, so its jobs are found where they run.
    QStringList hosts() const;
    bool setHosts(const QStringList &hosts, QString *error);

    /// Optimization memory (memory.json, replaced atomically) and the
    /// reflexions (reflexions.jsonl, append-only).
    Json memory() const;
    bool writeMemory(const Json &records, QString *error);
    std::vector<Json> reflections() const;
    bool appendReflection(const Json &reflection, QString *error);

private:
    bool load(QString *error);
    bool writeInfo(QString *error);
    bool repairTornTail(QString *error);

    QString m_dir;
    Json m_info;
    std::vector<ExperimentRecord> m_records;
    QHash<int, size_t> m_byId; ///< record id → index in m_records
    std::vector<int> m_lines;  ///< the line of experiments.jsonl each loaded record came from
    QStringList m_warnings;
    qint64 m_goodBytes = -1; ///< length of experiments.jsonl up to its last complete line
    qint64 m_fileBytes = 0;
};

} // namespace kwb
