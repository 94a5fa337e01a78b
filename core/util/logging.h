#pragma once

// One Qt logging category per subsystem, for what a developer (not the
// engineer at the window) wants to follow. All are quiet below warnings
// by default; switch them on with QT_LOGGING_RULES, e.g.
//   QT_LOGGING_RULES='kwb.ssh.debug=true;kwb.loop.debug=true' kwb run …
//   QT_LOGGING_RULES='kwb.*.debug=true' kernel-workbench
// What the engineer must see (results, errors, progress) goes through the
// signals and the console, never only here.

#include <QLoggingCategory>

namespace kwb {

Q_DECLARE_LOGGING_CATEGORY(lcSsh)     ///< kwb.ssh: connections, host keys, authentication, commands
Q_DECLARE_LOGGING_CATEGORY(lcRemote)  ///< kwb.remote: hosts, the pool, files sent and fetched
Q_DECLARE_LOGGING_CATEGORY(lcEval)    ///< kwb.eval: stages of one evaluation, calibration
Q_DECLARE_LOGGING_CATEGORY(lcLoop)    ///< kwb.loop: phases, decisions, reverts
Q_DECLARE_LOGGING_CATEGORY(lcPlan)    ///< kwb.plan: the knob search and the planners
Q_DECLARE_LOGGING_CATEGORY(lcLlm)     ///< kwb.llm: requests, replies, retries (never a key)
Q_DECLARE_LOGGING_CATEGORY(lcSession) ///< kwb.session: records written, repairs on open
Q_DECLARE_LOGGING_CATEGORY(lcGui)     ///< kwb.gui: the window

} // namespace kwb
