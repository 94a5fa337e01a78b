#include "logging.h"

namespace kwb {

// Debug and info are off unless QT_LOGGING_RULES turns them on.
Q_LOGGING_CATEGORY(lcSsh, "kwb.ssh", QtWarningMsg)
Q_LOGGING_CATEGORY(lcRemote, "kwb.remote", QtWarningMsg)
Q_LOGGING_CATEGORY(lcEval, "kwb.eval", QtWarningMsg)
Q_LOGGING_CATEGORY(lcLoop, "kwb.loop", QtWarningMsg)
Q_LOGGING_CATEGORY(lcPlan, "kwb.plan", QtWarningMsg)
Q_LOGGING_CATEGORY(lcLlm, "kwb.llm", QtWarningMsg)
Q_LOGGING_CATEGORY(lcSession, "kwb.session", QtWarningMsg)
Q_LOGGING_CATEGORY(lcGui, "kwb.gui", QtWarningMsg)

} // namespace kwb
