// Writing the session's files without freezing the thread that writes them.
//
// A file is written in two halves. Its bytes reach the kernel (written, and
// for a replacement renamed over the old file) before the call returns, so a
// crash of the program loses nothing and a reader sees them at once. The
// fsync that makes them survive a power cut runs on one background thread:
// under I/O load an fsync waits for the file system's whole journal commit,
// which took 0.4 s on the window's thread while a compiler wrote, and the
// window froze. After a power cut the newest writes, those of the last
// moments, may be missing; the session's reader repairs a torn journal tail.
#pragma once

#include <QByteArray>
#include <QString>

namespace kwb {

enum class Durability
{
    Scratch, // regenerated whenever it is needed: never synced
    Durable, // the engineer's work: synced soon after, off this thread
};

// Replaces PATH with DATA atomically (a temporary file beside it, renamed
// over it): a reader sees the old bytes or the new, never a mixture. On
// failure REASON gets why (the system's words) and PATH is unchanged.
bool replaceFile(const QString &path, const QByteArray &data, Durability durability,
                 QString *reason);

// Appends DATA to PATH (created if missing), then queues its sync.
bool appendToFile(const QString &path, const QByteArray &data, QString *reason);

// Blocks until every queued sync has run.
void syncPending();

// The first sync that failed since the last call ("" when none did); the
// writers report it on their next write, so a failure is never silent.
QString takeSyncError();

} // namespace kwb
