#pragma once

#include <QString>

namespace kwb {

/// Who proposed a candidate: carried by the candidate to its evaluation
/// (a baseline is not audited) and stored in its record ("origin").
enum class Origin
{
    Unknown,
    Human,    ///< the starting kernel, a hand edit, kwb eval
    Search,   ///< the knob search
    Agent,    ///< the LLM planner
    Baseline, ///< a baseline of the workload
    Imported, ///< kwb import
};

/// The word stored in experiments.jsonl and eval.conf ("agent"; "" for Unknown).
QString originWord(Origin o);
/// The origin a stored word names (Unknown for a word not known here).
Origin originFromWord(const QString &word);

} // namespace kwb
