#include "durablefile.h"

#include <QFile>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <mutex>
#include <set>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace kwb {

namespace {

std::string directoryOf(const std::string &path)
{
    const size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// One thread runs every queued fsync in order, a path queued twice before
// its turn once. It drains the queue before the program exits.
class Syncer
{
public:
    static Syncer &instance()
    {
        static Syncer syncer;
        return syncer;
    }

    Syncer(const Syncer &) = delete;
    Syncer &operator=(const Syncer &) = delete;

    void queue(std::string path)
    {
        const std::lock_guard lock(m_mutex);
        if (!m_thread.joinable())
            m_thread = std::thread([this] { work(); });
        if (m_queued.insert(path).second)
            m_paths.push_back(std::move(path));
        m_wake.notify_all();
    }

    void drain()
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return m_paths.empty() && !m_busy; });
    }

    std::string takeError()
    {
        const std::lock_guard lock(m_mutex);
        return std::exchange(m_error, {});
    }

private:
    Syncer() = default;

    ~Syncer()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

    void work()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_stop || !m_paths.empty(); });
            if (m_paths.empty())
                return; // stopping, and nothing is left
            std::string path = std::move(m_paths.front());
            m_paths.pop_front();
            m_queued.erase(path);
            m_busy = true;
            lock.unlock();
            const int error = syncPath(path);
            lock.lock();
            m_busy = false;
            if (error != 0 && m_error.empty())
                m_error = "cannot sync " + path + ": " + std::strerror(error);
            if (m_paths.empty())
                m_idle.notify_all();
        }
    }

    // 0, or the errno of a sync that failed. A path that is gone was
    // replaced or removed since: nothing of it is left to keep.
    static int syncPath(const std::string &path)
    {
        const int fd =
            ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC); // never waits on a FIFO
        if (fd < 0)
            return errno == ENOENT ? 0 : errno;
        int error = 0;
        if (::fsync(fd) != 0 && errno != EINVAL) // EINVAL: a directory it cannot sync
            error = errno;
        ::close(fd);
        return error;
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<std::string> m_paths;
    std::set<std::string> m_queued;
    std::string m_error;
    bool m_busy = false;
    bool m_stop = false;
    std::thread m_thread;
};

bool fail(QString *reason, int code)
{
    if (reason)
        *reason = QString::fromLocal8Bit(std::strerror(code));
    return false;
}

bool writeAll(int fd, const QByteArray &data)
{
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + done, size_t(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

void queueSync(const std::string &path)
{
    Syncer::instance().queue(path);
    Syncer::instance().queue(directoryOf(path)); // the name, for a new or renamed file
}

} // namespace

bool replaceFile(const QString &path, const QByteArray &data, Durability durability,
                 QString *reason)
{
    static std::atomic<unsigned> counter{0};
    const std::string target = QFile::encodeName(path).toStdString();
    // A hidden name beside it: nothing that lists the folder's files (a
    // sandbox binding the work folder's files) sees it come and go.
    const size_t slash = target.rfind('/'); // npos + 1 == 0: a name alone
    const std::string temporary = target.substr(0, slash + 1) + '.' + target.substr(slash + 1) +
                                  ".tmp-" + std::to_string(::getpid()) + '-' +
                                  std::to_string(counter.fetch_add(1));
    struct stat old
    {
    };
    const mode_t mode = ::stat(target.c_str(), &old) == 0 ? old.st_mode & 07777 : 0666;
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        return fail(reason, errno);
    const bool written = writeAll(fd, data);
    const int writeError = errno;
    if (::close(fd) != 0 || !written) {
        const int code = written ? errno : writeError;
        ::unlink(temporary.c_str());
        return fail(reason, code);
    }
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        const int code = errno;
        ::unlink(temporary.c_str());
        return fail(reason, code);
    }
    if (durability == Durability::Durable)
        queueSync(target);
    return true;
}

bool appendToFile(const QString &path, const QByteArray &data, QString *reason)
{
    const std::string target = QFile::encodeName(path).toStdString();
    const int fd = ::open(target.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0)
        return fail(reason, errno);
    const bool written = writeAll(fd, data);
    const int writeError = errno;
    if (::close(fd) != 0 || !written)
        return fail(reason, written ? errno : writeError);
    queueSync(target);
    return true;
}

void syncPending()
{
    Syncer::instance().drain();
}

QString takeSyncError()
{
    return QString::fromStdString(Syncer::instance().takeError());
}

} // namespace kwb
