#include "gzip.h"

#include "messages.h"

#include <QFile>
#include <zlib.h>

namespace kwb {

bool isGzip(const QByteArray &data)
{
    return data.size() >= 2 && uchar(data[0]) == 0x1f && uchar(data[1]) == 0x8b;
}

std::optional<QByteArray> gunzip(const QByteArray &data, QString *error, qsizetype maxBytes)
{
    z_stream z{};
    // 16 + MAX_WBITS: a gzip header and trailer around the deflate stream.
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
        *error = FileText::tr("cannot start the gzip decoder");
        return std::nullopt;
    }
    QByteArray out;
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    z.avail_in = uInt(data.size());
    char buffer[1 << 16];
    int rc = Z_OK;
    while (true) {
        z.next_out = reinterpret_cast<Bytef *>(buffer);
        z.avail_out = sizeof buffer;
        rc = inflate(&z, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END)
            break;
        out.append(buffer, qsizetype(sizeof buffer - z.avail_out));
        if (out.size() > maxBytes) {
            inflateEnd(&z);
            *error = FileText::tr("the uncompressed data exceeds %1 MiB").arg(maxBytes >> 20);
            return std::nullopt;
        }
        if (rc == Z_STREAM_END) {
            if (z.avail_in == 0)
                break;
            inflateReset(&z); // another gzip member follows
        }
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END) {
        *error = FileText::tr("corrupt gzip data (%1)")
                     .arg(z.msg ? QString::fromUtf8(z.msg) : FileText::tr("truncated"));
        return std::nullopt;
    }
    return out;
}

std::optional<QByteArray> readMaybeGzipped(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return std::nullopt;
    }
    const QByteArray data = f.readAll();
    if (!isGzip(data))
        return data;
    return gunzip(data, error);
}

} // namespace kwb
