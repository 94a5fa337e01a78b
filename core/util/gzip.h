#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace kwb {

/// Whether `data` starts with gzip's magic bytes.
bool isGzip(const QByteArray &data);

/// The uncompressed contents of gzip data (all members); nullopt with the
/// reason in `error` when it is corrupt or would exceed `maxBytes`.
std::optional<QByteArray> gunzip(const QByteArray &data, QString *error,
                                 qsizetype maxBytes = qsizetype(1) << 31);

/// A file's contents, uncompressed when it is gzip data (whatever its name).
std::optional<QByteArray> readMaybeGzipped(const QString &path, QString *error);

} // namespace kwb
