#pragma once

// A session as one self-contained HTML file, for sharing a tuning run with a
// team or in a slide: the summary, the timeline, the goal metric and the
// roofline (inline SVG), every decision with its cause, and the best
// kernel's diff against the start. Nothing in it is fetched from the
// network: styles and charts are inline, there is no script.

#include <QString>

namespace kwb {

class SessionStore;

/// The report of `session` as HTML (UTF-8 when written).
QString htmlReport(const SessionStore &session);

/// Writes htmlReport(session) to `path` atomically; false with `error`.
bool writeHtmlReport(const SessionStore &session, const QString &path, QString *error);

} // namespace kwb
