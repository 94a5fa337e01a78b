// SSH against a real sshd on loopback (started by the ctest fixture, see
// tests/sshd/sshd.sh): key and agent authentication, known_hosts policy,
// exec with streaming, quoting, time limits, output caps, SFTP, and
// reconnecting after the server goes away.
#include "eval/evaluator.h"
#include "kbdintserver.h"
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/planner.h"
#include "remote/hostopen.h"
#include "remote/remotecommand.h"
#include "remote/sshconnection.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QEventLoop>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QtTest>
#include <atomic>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestSsh : public QObject
{
    Q_OBJECT

private:
    QString m_dir; // the fixture's folder
    int m_port = 0;
    QTemporaryDir m_tmp;

    SshTarget target(int port = 0) const
    {
        SshTarget t;
        t.host = u"127.0.0.1"_s;
        t.user = qEnvironmentVariable("USER", u"root"_s);
        t.port = port ? port : m_port;
        return t;
    }
    SshOptions options() const
    {
        SshOptions o;
        o.knownHostsFile = m_dir + u"/known_hosts"_s;
        o.configFile = u"none"_s;
        o.identityFiles = {m_dir + u"/client_key"_s};
        return o;
    }
    static QString sshd() { return QStringLiteral(KWB_SSHD_SCRIPT); }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = qEnvironmentVariable("KWB_SSHD_DIR");
        if (m_dir.isEmpty() || !QFile::exists(m_dir + u"/port"_s))
            QSKIP("no sshd fixture (run through ctest, which starts tests/sshd/sshd.sh)");
        QFile port(m_dir + u"/port"_s);
        QVERIFY(port.open(QIODevice::ReadOnly));
        m_port = port.readAll().trimmed().toInt();
        QVERIFY(m_port > 0);
        qunsetenv("SSH_AUTH_SOCK"); // key files unless a test starts its own agent
    }

    void parsesTargets()
    {
        QString error;
        auto t = SshTarget::parse(u"alice@gpu-box:2222"_s, &error);
        QVERIFY(t);
        QCOMPARE(t->user, u"alice"_s);
        QCOMPARE(t->host, u"gpu-box"_s);
        QCOMPARE(t->port, 2222);
        t = SshTarget::parse(u"trn1"_s, &error); // an alias of ~/.ssh/config
        QCOMPARE(t->host, u"trn1"_s);
        QCOMPARE(t->port, 0);
        QVERIFY(!SshTarget::parse(u"box:99999"_s, &error));
        QVERIFY(error.contains(u"port"_s));
    }

    void keyAuthExecAndStreams()
    {
        SshConnection c(target(), options());
        QSignalSpy lines(&c, &SshConnection::outputLine);
        const SshResult r = c.wait(
            c.exec({u"sh"_s, u"-c"_s, u"echo out; echo err1 >&2; echo err2 >&2; exit 3"_s}, 10'000),
            15'000);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.output, QByteArray("out\n"));
        QCOMPARE(r.exitStatus, 3);
        QVERIFY(r.fingerprint.isEmpty()); // only reported when connecting
        QCOMPARE(lines.count(), 2);
        QCOMPARE(lines[0][1].toString(), u"err1"_s);
        // The same connection serves the next job.
        const SshResult again = c.wait(c.exec({u"echo"_s, u"again"_s}, 10'000), 15'000);
        QCOMPARE(again.output, QByteArray("again\n"));
    }

    void argumentsCannotInjectShell()
    {
        SshConnection c(target(), options());
        const QString nasty = u"$(touch "_s + m_tmp.path() + u"/pwned); `id` 'q' \"d\" ; | & > x"_s;
        const SshResult r = c.wait(c.exec({u"printf"_s, u"%s"_s, nasty}, 10'000), 15'000);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(QString::fromUtf8(r.output), nasty);
        QVERIFY(!QFile::exists(m_tmp.path() + u"/pwned"_s));
    }

    void unknownHostKeyIsRefusedUnlessAccepted()
    {
        SshOptions o = options();
        o.knownHostsFile = m_tmp.path() + u"/empty_known_hosts"_s;
        {
            SshConnection c(target(), o);
            const SshResult r = c.wait(c.connectToHost(), 15'000);
            QVERIFY(!r.ok);
            QVERIFY(r.hostKeyRefused);
            QVERIFY2(r.error.contains(u"unknown host key"_s) && r.error.contains(u"SHA256:"_s),
                     qPrintable(r.error));
        }
        o.acceptNewHostKey = true;
        SshConnection c(target(), o);
        const SshResult r = c.wait(c.connectToHost(), 15'000);
        QVERIFY2(r.ok, qPrintable(r.error));
        QFile f(o.knownHostsFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains(
            QByteArray(QByteArray("[127.0.0.1]:") + QByteArray::number(m_port))));
    }

    // A connection's thread has wholly ended when the connection is gone,
    // its thread-local state torn down too (OpenSSL's, which libssh's crypto
    // makes there). A QThread's wait() returned before that, so at kwb's
    // exit OpenSSL's own clean-up raced the thread's and now and then freed
    // the same memory (issue 48). The host key callback runs on the
    // connection's thread: a thread-local object made there is destroyed
    // when the thread ends, slowly.
    void connectionThreadEndsWithTheConnection()
    {
        static std::atomic<bool> ended{false};
        static QSemaphore never;
        struct Slow
        {
            ~Slow()
            {
                never.tryAcquire(1, 300);
                ended = true;
            }
        };
        SshOptions o = options();
        o.knownHostsFile = m_tmp.path() + u"/thread_known_hosts"_s;
        o.confirmNewHostKey = [](const QString &, const QString &) {
            thread_local Slow slow;
            (void)slow;
            return false;
        };
        {
            SshConnection c(target(), o);
            const SshResult r = c.wait(c.connectToHost(), 15'000);
            QVERIFY2(r.hostKeyRefused, qPrintable(r.error));
        }
        const bool endedFirst = ended;
        never.release(); // a thread still ending need not wait
        QVERIFY2(endedFirst, "the connection was destroyed before its thread had ended");
    }

    // A connection destroyed mid-job waits for the running job, never for
    // the jobs still queued: they are skipped (closing a window or kwb
    // during an evaluation does not wait for its uploads and commands).
    void destroyingSkipsQueuedJobs()
    {
        const QString ran = m_tmp.path() + u"/running-job-finished"_s,
                      queued = m_tmp.path() + u"/queued-job-ran"_s;
        {
            SshConnection c(target(), options());
            QSignalSpy lines(&c, &SshConnection::outputLine);
            c.exec({u"sh"_s, u"-c"_s, u"echo started >&2; sleep 1; touch "_s + ran}, 20'000);
            QVERIFY(lines.wait(15'000)); // the first job is running
            c.exec({u"touch"_s, queued}, 10'000);
        }
        QVERIFY(QFile::exists(ran));
        QVERIFY(!QFile::exists(queued));
    }

    void changedHostKeyIsAlwaysRefused()
    {
        // One sshd is accepted on a port; another, with its own host key,
        // then answers on the same port.
        const QString first = m_tmp.path() + u"/sshd-first"_s,
                      second = m_tmp.path() + u"/sshd-second"_s;
        QCOMPARE(QProcess::execute(sshd(), {u"start"_s, first}), 0);
        auto stopFirst = qScopeGuard([&] { QProcess::execute(sshd(), {u"stop"_s, first}); });
        QFile portFile(first + u"/port"_s);
        QVERIFY(portFile.open(QIODevice::ReadOnly));
        const int port = portFile.readAll().trimmed().toInt();
        SshOptions o = options();
        o.knownHostsFile = m_tmp.path() + u"/changed_known_hosts"_s;
        o.identityFiles = {first + u"/client_key"_s};
        o.acceptNewHostKey = true;
        {
            SshConnection c(target(port), o);
            const SshResult r = c.wait(c.connectToHost(), 15'000);
            QVERIFY2(r.ok, qPrintable(r.error));
        }
        QCOMPARE(QProcess::execute(sshd(), {u"stop"_s, first}), 0);
        QCOMPARE(QProcess::execute(sshd(), {u"start"_s, second, QString::number(port)}), 0);
        auto stopSecond = qScopeGuard([&] { QProcess::execute(sshd(), {u"stop"_s, second}); });
        // accepting new keys never covers a changed one
        SshConnection c(target(port), o);
        const SshResult r = c.wait(c.connectToHost(), 15'000);
        QVERIFY(!r.ok);
        QVERIFY(r.hostKeyRefused);
        QVERIFY2(r.error.contains(u"CHANGED"_s) && r.error.contains(u"SHA256:"_s),
                 qPrintable(r.error));
        // known_hosts still holds the first key only.
        QFile kh(o.knownHostsFile);
        QVERIFY(kh.open(QIODevice::ReadOnly));
        QCOMPARE(kh.readAll().count('\n'), 1);
    }

    void agentAuthentication()
    {
        QProcess agent;
        agent.start(u"ssh-agent"_s, {u"-s"_s});
        QVERIFY(agent.waitForFinished(10'000));
        const QString out = QString::fromUtf8(agent.readAllStandardOutput());
        const QRegularExpressionMatch sock =
            QRegularExpression(u"SSH_AUTH_SOCK=([^;]+);"_s).match(out);
        const QRegularExpressionMatch pid =
            QRegularExpression(u"SSH_AGENT_PID=(\\d+);"_s).match(out);
        QVERIFY2(sock.hasMatch() && pid.hasMatch(), qPrintable(out));
        qputenv("SSH_AUTH_SOCK", sock.captured(1).toUtf8());
        auto cleanup = qScopeGuard([&] {
            QProcess::execute(u"kill"_s, {pid.captured(1)});
            qunsetenv("SSH_AUTH_SOCK");
        });
        QCOMPARE(QProcess::execute(u"ssh-add"_s, {u"-q"_s, m_dir + u"/client_key"_s}), 0);
        SshOptions o = options();
        o.identityFiles.clear(); // only the agent holds the key
        QFile::copy(m_dir + u"/client_key"_s, m_tmp.path() + u"/unused"_s);
        SshConnection c(target(), o);
        const SshResult r = c.wait(c.exec({u"echo"_s, u"via agent"_s}, 10'000), 15'000);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.output, QByteArray("via agent\n"));
    }

    void encryptedKeyAsksForItsPassphraseOnce()
    {
        // A key made now with a passphrase made now: nothing secret is stored.
        const QString key = m_tmp.path() + u"/locked_key"_s;
        const QString secret = QString::number(QRandomGenerator::global()->generate64(), 36);
        QCOMPARE(QProcess::execute(u"ssh-keygen"_s,
                                   {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, secret, u"-f"_s, key}),
                 0);
        QFile pub(key + u".pub"_s), authorized(m_dir + u"/authorized_keys"_s);
        QVERIFY(pub.open(QIODevice::ReadOnly) && authorized.open(QIODevice::Append));
        authorized.write(pub.readAll());
        authorized.close();
        SshOptions o = options();
        o.identityFiles = {key};
        int asked = 0;
        o.passphrase = [&](const QString &file, bool) {
            ++asked;
            return file == key ? secret : QString();
        };
        {
            SshConnection c(target(), o);
            QVERIFY2(c.wait(c.exec({u"true"_s}, 10'000), 15'000).ok,
                     "authenticated with the encrypted key");
            QVERIFY(c.wait(c.exec({u"true"_s}, 10'000), 15'000).ok);
        }
        QCOMPARE(asked, 1);
        o.passphrase = [](const QString &, bool) { return u"wrong"_s; };
        SshConnection c(target(), o);
        const SshResult r = c.wait(c.connectToHost(), 15'000);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(u"passphrase"_s), qPrintable(r.error));
    }

    void keyboardInteractiveAuthentication()
    {
        const QString password = QString::number(QRandomGenerator::global()->generate64(), 36);
        KbdintServer server(password.toStdString(), "482913");
        QVERIFY(server.port() > 0);
        SshOptions o = options();
        o.identityFiles.clear();
        o.knownHostsFile = m_tmp.path() + u"/kbdint_known_hosts"_s;
        o.acceptNewHostKey = true;
        QString instruction;
        QList<SshPrompt> asked;
        o.keyboardInteractive = [&](const QString &text, const QList<SshPrompt> &prompts) {
            instruction = text;
            asked = prompts;
            return QStringList{password, u"482913"_s};
        };
        {
            SshConnection c(target(server.port()), o);
            const SshResult r = c.wait(c.connectToHost(), 15'000);
            QVERIFY2(r.ok, qPrintable(r.error));
        }
        QCOMPARE(server.authenticated(), 1);
        QCOMPARE(asked.size(), 2);
        QCOMPARE(asked[0].text, u"Password: "_s);
        QVERIFY(!asked[0].echo);
        QCOMPARE(asked[1].text, u"Verification code: "_s);
        QVERIFY(asked[1].echo);
        QVERIFY2(instruction.contains(u"Answer both questions."_s), qPrintable(instruction));

        o.keyboardInteractive = [](const QString &, const QList<SshPrompt> &) {
            return QStringList{u"wrong"_s, u"482913"_s};
        };
        {
            SshConnection c(target(server.port()), o);
            const SshResult r = c.wait(c.connectToHost(), 15'000);
            QVERIFY(!r.ok);
            QVERIFY2(r.error.contains(u"keyboard-interactive"_s) && r.error.contains(u"refused"_s),
                     qPrintable(r.error));
        }
        o.keyboardInteractive = [](const QString &, const QList<SshPrompt> &) {
            return QStringList();
        };
        SshConnection c(target(server.port()), o);
        const SshResult r = c.wait(c.connectToHost(), 15'000);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(u"cancelled"_s), qPrintable(r.error));
        QCOMPARE(server.authenticated(), 1);
    }

    // kwb and the window open a host one way (promptingSshOptions, then
    // openHost): the engineer is asked on the main thread, where the
    // terminal and the dialogs belong, never on the connection's thread.
    void hostsOpenOneWayAndAskOnTheMainThread()
    {
        const QString password = QString::number(QRandomGenerator::global()->generate64(), 36);
        KbdintServer server(password.toStdString(), "482913");
        QVERIFY(server.port() > 0);
        const QByteArray saved[] = {qgetenv("KWB_SSH_CONFIG"), qgetenv("KWB_SSH_KNOWN_HOSTS"),
                                    qgetenv("KWB_SSH_IDENTITY")};
        const auto restore = qScopeGuard([&] {
            qputenv("KWB_SSH_CONFIG", saved[0]);
            qputenv("KWB_SSH_KNOWN_HOSTS", saved[1]);
            qputenv("KWB_SSH_IDENTITY", saved[2]);
        });
        qputenv("KWB_SSH_CONFIG", "none");
        qputenv("KWB_SSH_KNOWN_HOSTS", (m_tmp.path() + u"/open_known_hosts"_s).toUtf8());
        qputenv("KWB_SSH_IDENTITY", (m_dir + u"/client_key"_s).toUtf8());
        int asked = 0;
        bool onMainThread = false;
        SshPrompts prompts;
        prompts.keyboardInteractive = [&](const QString &, const QList<SshPrompt> &) {
            ++asked;
            onMainThread = QThread::currentThread() == QCoreApplication::instance()->thread();
            return QStringList{password, u"482913"_s};
        };
        const SshTarget t = target(server.port());
        const QString spec = t.user + u"@127.0.0.1:"_s + QString::number(t.port);
        QObject context;
        QString error;
        std::unique_ptr<EvalHost> host =
            openHost(spec, u"open-test"_s, promptingSshOptions(prompts, true, &context), &error);
        QVERIFY2(host, qPrintable(error));
        QVERIFY(!host->isLocal());
        QCOMPARE(asked, 1);
        QVERIFY(onMainThread);
        QCOMPARE(server.authenticated(), 1);
        host.reset();

        // Without a context (kwb's terminal), where the connection runs: a
        // connection given up while a question is open waits on nobody.
        host = openHost(spec, u"open-test"_s, promptingSshOptions(prompts, true, nullptr), &error);
        QVERIFY2(host, qPrintable(error));
        QCOMPARE(asked, 2);
        QVERIFY(!onMainThread);
        QCOMPARE(server.authenticated(), 2);
        host.reset();

        // Nobody left to ask (the window closed): the connection is refused,
        // it does not wait for an answer.
        auto gone = std::make_unique<QObject>();
        const SshOptions orphaned = promptingSshOptions(prompts, true, gone.get());
        gone.reset();
        QVERIFY(!openHost(spec, u"open-test"_s, orphaned, &error));
        QVERIFY2(error.contains(u"cancelled"_s), qPrintable(error));
        QCOMPARE(asked, 2);

        // A host kwb cannot name is refused before anything connects.
        error.clear();
        QVERIFY(!openHost(u"slurm://"_s, u"open-test"_s, orphaned, &error));
        QVERIFY(!error.isEmpty());
    }

    void newHostKeyConfirmedWithItsFingerprint()
    {
        SshOptions o = options();
        o.knownHostsFile = m_tmp.path() + u"/confirm_known_hosts"_s;
        QString shown;
        o.confirmNewHostKey = [&](const QString &, const QString &fingerprint) {
            shown = fingerprint;
            return false;
        };
        {
            SshConnection c(target(), o);
            const SshResult r = c.wait(c.connectToHost(), 15'000);
            QVERIFY(r.hostKeyRefused);
            QVERIFY(!QFile::exists(o.knownHostsFile));
        }
        // The fingerprint shown is the server's (ssh-keygen -l says the same).
        QProcess keygen;
        keygen.start(u"ssh-keygen"_s,
                     {u"-l"_s, u"-E"_s, u"sha256"_s, u"-f"_s, m_dir + u"/host_key.pub"_s});
        QVERIFY(keygen.waitForFinished(10'000));
        QVERIFY2(!shown.isEmpty() && keygen.readAllStandardOutput().contains(shown.toUtf8()),
                 qPrintable(shown));
        o.confirmNewHostKey = [](const QString &, const QString &) { return true; };
        SshConnection c(target(), o);
        const SshResult r = c.wait(c.connectToHost(), 15'000);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(QFile::exists(o.knownHostsFile));
    }

    void uploadDownloadManySmallFiles()
    {
        SshConnection c(target(), options());
        const QString root = m_tmp.path() + u"/remote/a/b"_s;
        QVERIFY2(c.wait(c.makePath(root), 15'000).ok, "makePath");
        QList<int> jobs;
        for (int i = 0; i < 200; ++i)
            jobs << c.upload("file " + QByteArray::number(i) + '\n',
                             root + u"/f"_s + QString::number(i));
        for (int id : jobs)
            QVERIFY(c.wait(id, 15'000).ok);
        for (int i = 0; i < 200; i += 37) {
            const SshResult r = c.wait(c.download(root + u"/f"_s + QString::number(i)), 15'000);
            QVERIFY2(r.ok, qPrintable(r.error));
            QCOMPARE(r.output, "file " + QByteArray::number(i) + '\n');
        }
        QCOMPARE(QDir(root).entryList(QDir::Files).size(), 200);
        // A 20 KB source and back, byte for byte.
        QByteArray source;
        for (int i = 0; i < 20'000; ++i)
            source.append(char('a' + i % 26));
        QVERIFY(c.wait(c.upload(source, root + u"/kernel.cpp"_s), 15'000).ok);
        QCOMPARE(c.wait(c.download(root + u"/kernel.cpp"_s), 15'000).output, source);
    }

    void commandPastItsLimitIsStopped()
    {
        SshConnection c(target(), options());
        QElapsedTimer t;
        t.start();
        const SshResult r = c.wait(c.exec({u"sleep"_s, u"20"_s}, 500), 15'000);
        QVERIFY(!r.ok);
        QVERIFY(r.timedOut);
        QVERIFY(!r.connectionLost); // a slow command is not a lost host
        QVERIFY2(t.elapsed() < 5'000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(c.wait(c.exec({u"true"_s}, 10'000), 15'000).ok); // the connection is still good
    }

    void cancelKillsTheRemoteCommand()
    {
        SshConnection c(target(), options());
        QSignalSpy lines(&c, &SshConnection::outputLine);
        // A queued job cancelled before it starts never runs.
        const int first = c.execShell(u"echo started >&2; sleep 31.4159; echo after"_s, 60'000);
        const int queued = c.execShell(u"touch "_s + m_tmp.path() + u"/queued-ran"_s, 60'000);
        c.cancel(queued);
        QVERIFY(lines.wait(15'000));
        QCOMPARE(lines.first().at(1).toString(), u"started"_s);
        QElapsedTimer t;
        t.start();
        c.cancel(first);
        const SshResult r = c.wait(first, 15'000);
        QVERIFY(r.cancelled);
        QVERIFY(!r.ok);
        QVERIFY(!r.connectionLost);
        QVERIFY2(t.elapsed() < 5'000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(!r.output.contains("after"));
        QVERIFY(c.wait(queued, 15'000).cancelled);
        QVERIFY(!QFile::exists(m_tmp.path() + u"/queued-ran"_s));
        // Nothing of it is left on the host ([.]: pgrep must not find itself).
        const SshResult left = c.wait(c.execShell(u"pgrep -f 'sleep 31[.]4159'"_s, 10'000), 15'000);
        QVERIFY2(left.ok, qPrintable(left.error));
        QCOMPARE(left.exitStatus, 1);
    }

    void largeOutputIsCapped()
    {
        SshConnection c(target(), options());
        const SshResult r = c.wait(
            c.exec({u"head"_s, u"-c"_s, u"50000000"_s, u"/dev/zero"_s}, 60'000, 1 << 20), 90'000);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.output.size(), qsizetype(1 << 20));
        QVERIFY(r.truncated);
        QCOMPARE(r.exitStatus, 0); // read to the end, so the command was not blocked
    }

    void cpuExampleEvaluatedOverSsh()
    {
        // The tiny cpu-cxx workload: the harness and the candidate go over
        // SFTP, the supervisor runs over exec, the result comes back.
        LoadedWorkload loaded = loadWorkloadAndTarget(QFINDTESTDATA("data/tiny/workload.json"));
        QVERIFY(loaded.ok());
        SshConnection c(target(), options());
        auto mirror = std::make_shared<RemoteMirror>();
        const QString remoteRoot = m_tmp.path() + u"/remote-work"_s;
        QTemporaryDir local;
        auto evaluate = [&](const QString &file) {
            Evaluator ev(*loaded.workload, *loaded.target, Calibration{}, local.path());
            ev.setRunnerFactory(
                [&](QObject *parent) { return new RemoteCommand(&c, remoteRoot, mirror, parent); });
            QFile f(QFINDTESTDATA(u"data/tiny/"_s + file));
            if (!f.open(QIODevice::ReadOnly))
                return EvalOutcome{};
            QSignalSpy done(&ev, &Evaluator::finished);
            QStringList console;
            connect(&ev, &Evaluator::consoleLine, this, [&](const QString &l) { console << l; });
            Candidate cand;
            cand.source = QString::fromUtf8(f.readAll());
            ev.start(cand);
            if (!done.wait(180'000))
                return EvalOutcome{};
            EvalOutcome o = done[0][0].value<EvalOutcome>();
            o.console = console.join(u'\n');
            return o;
        };
        const EvalOutcome good = evaluate(u"good.cpp"_s);
        QVERIFY2(!good.infra, qPrintable(good.infraMessage));
        QVERIFY(good.result.compiled);
        QCOMPARE(good.result.correct.value_or(false), true);
        QVERIFY(good.result.latency && good.result.latency->medianMs > 0);
        QVERIFY2(good.console.contains(u"compiling"_s),
                 qPrintable(good.console)); // streamed from the host
        QVERIFY(QFile::exists(remoteRoot + u"/run.sh"_s));
        const qsizetype mirrored = mirror->uploaded.size();
        // A kernel that does not compile is a result, not a transport error;
        // only its own files are sent again.
        const EvalOutcome broken = evaluate(u"nocompile.cpp"_s);
        QVERIFY2(!broken.infra, qPrintable(broken.infraMessage));
        QVERIFY(!broken.result.compiled);
        QCOMPARE(broken.result.failureClass, u"compile"_s);
        QCOMPARE(mirror->uploaded.size(),
                 mirrored + 2); // kernel and eval.conf of the new candidate
    }

    void lostHostIsRetriedAndTheRunContinues()
    {
        // The loop on the tiny search workload over SSH; the server dies as
        // the first search candidate starts and comes back at once: the
        // candidate is retried, not failed, and the run goes on.
        const QString dir = m_tmp.path() + u"/sshd3"_s;
        QCOMPARE(QProcess::execute(sshd(), {u"start"_s, dir}), 0);
        auto stop = qScopeGuard([&] { QProcess::execute(sshd(), {u"stop"_s, dir}); });
        QFile portFile(dir + u"/port"_s);
        QVERIFY(portFile.open(QIODevice::ReadOnly));
        const int port = portFile.readAll().trimmed().toInt();
        SshOptions o = options();
        o.knownHostsFile = dir + u"/known_hosts"_s;
        o.identityFiles = {dir + u"/client_key"_s};
        SshConnection c(target(port), o);
        auto mirror = std::make_shared<RemoteMirror>();
        LoadedWorkload loaded = loadWorkloadAndTarget(QFINDTESTDATA("data/tiny/search.json"));
        QVERIFY(loaded.ok());
        QString error;
        auto session = SessionStore::create(m_tmp.path() + u"/loop-over-ssh"_s, *loaded.workload,
                                            *loaded.target, &error);
        QVERIFY2(session, qPrintable(error));
        SearchPlanner planner(*loaded.workload, *loaded.target, SearchStrategy::Exhaustive, 1);
        PoolEvalBackend backend(*loaded.workload, *loaded.target, Calibration{},
                                m_tmp.path() + u"/loop-local"_s, 1);
        const QString remoteRoot = m_tmp.path() + u"/loop-remote"_s;
        backend.setRunnerFactory(
            [&](QObject *parent) { return new RemoteCommand(&c, remoteRoot, mirror, parent); });
        LoopOptions lo;
        lo.maxEvals = 3;
        lo.retryDelayMs = 200;
        lo.plateauRounds = 0;
        OptimizationLoop loop(*loaded.workload, *session, planner, backend, lo);
        bool killed = false;
        connect(&loop, &OptimizationLoop::evaluationStarted, this, [&](const Proposal &p) {
            if (killed || p.id != 2)
                return;
            killed = true;
            QFile pid(dir + u"/sshd.pid"_s);
            if (!pid.open(QIODevice::ReadOnly))
                return;
            const QString sshdPid = QString::fromUtf8(pid.readAll().trimmed());
            QProcess::execute(u"pkill"_s, {u"-KILL"_s, u"-P"_s, sshdPid});
            QProcess::execute(u"kill"_s, {u"-KILL"_s, sshdPid});
            QProcess::execute(sshd(), {u"start"_s, dir, QString::number(port)});
        });
        QSignalSpy retries(&loop, &OptimizationLoop::infraRetry);
        QSignalSpy finished(&loop, &OptimizationLoop::finished);
        loop.start();
        QVERIFY(finished.wait(180'000));
        QVERIFY(killed);
        QVERIFY2(retries.count() >= 1, "the lost evaluation was not retried");
        QCOMPARE(finished[0][0].value<StopReason>(), StopReason::EvalBudget);
        const auto &records = session->experiments();
        QCOMPARE(records.size(), size_t(3));
        for (const ExperimentRecord &r : records)
            QVERIFY2(r.decision != Verdict::Infra,
                     qPrintable(r.cause)); // retried, never counted against a kernel
        QVERIFY(records[1].result.exists());
    }

    void poolMovesWorkOffAHostThatFails()
    {
        // Two hosts: the fixture, and a port nothing listens on.
        LoadedWorkload loaded = loadWorkloadAndTarget(QFINDTESTDATA("data/tiny/workload.json"));
        QVERIFY(loaded.ok());
        SshConnection good(target(), options());
        SshTarget nowhere = target(1); // port 1: refused
        SshConnection bad(nowhere, options());
        auto goodMirror = std::make_shared<RemoteMirror>(),
             badMirror = std::make_shared<RemoteMirror>();
        std::vector<PoolHost> pool(2);
        pool[0].name = u"nowhere"_s;
        pool[0].workRoot = m_tmp.path() + u"/pool-bad"_s;
        pool[0].runnerFactory = [&](QObject *parent) {
            return new RemoteCommand(&bad, m_tmp.path() + u"/pool-remote-bad"_s, badMirror, parent);
        };
        pool[1].name = u"fixture"_s;
        pool[1].workRoot = m_tmp.path() + u"/pool-good"_s;
        pool[1].runnerFactory = [&](QObject *parent) {
            return new RemoteCommand(&good, m_tmp.path() + u"/pool-remote-good"_s, goodMirror,
                                     parent);
        };
        PoolEvalBackend backend(*loaded.workload, *loaded.target, Calibration{},
                                m_tmp.path() + u"/unused"_s, 1);
        backend.setHosts(std::move(pool));
        QCOMPARE(backend.slotCount(), 2);
        QSignalSpy hostState(&backend, &EvalBackend::hostStateChanged);
        QFile f(QFINDTESTDATA("data/tiny/good.cpp"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        Candidate cand;
        cand.source = QString::fromUtf8(f.readAll());
        int started = 0, ok = 0, lost = 0;
        QEventLoop loop;
        connect(&backend, &EvalBackend::finished, &loop, [&](int, const EvalOutcome &o) {
            (o.infra ? lost : ok) += 1;
            if (ok + lost == 8)
                loop.quit();
            else if (started < 8)
                backend.start(++started, cand);
        });
        backend.start(++started, cand); // two in flight: both hosts get work
        backend.start(++started, cand);
        QTimer::singleShot(180'000, &loop, &QEventLoop::quit);
        loop.exec();
        QCOMPARE(ok + lost, 8);
        QCOMPARE(hostState.count(), 1); // marked down once, after three losses in a row
        QCOMPARE(hostState[0][0].toString(), u"nowhere"_s);
        QCOMPARE(hostState[0][1].toString(), u"down"_s);
        QCOMPARE(lost, 3);
        QVERIFY(backend.hosts()[0].down);
        QCOMPARE(backend.slotCount(), 1); // its slot is gone; the work went to the other host
    }

    void kwbEvaluatesOnAnSshHost()
    {
        QProcess kwb;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"KWB_SSH_KNOWN_HOSTS"_s, m_dir + u"/known_hosts"_s);
        env.insert(u"KWB_SSH_IDENTITY"_s, m_dir + u"/client_key"_s);
        env.insert(u"KWB_SSH_CONFIG"_s, u"none"_s);
        kwb.setProcessEnvironment(env);
        const QString host = target().toString();
        kwb.start(QStringLiteral(KWB_BINARY), {u"eval"_s, QFINDTESTDATA("data/tiny/workload.json"),
                                               u"--host"_s, host, u"--quiet"_s});
        QVERIFY(kwb.waitForFinished(180'000));
        const QString out = QString::fromUtf8(kwb.readAllStandardOutput());
        QVERIFY2(kwb.exitCode() == 0,
                 qPrintable(out + QString::fromUtf8(kwb.readAllStandardError())));
        QVERIFY2(out.contains(u"cpu-cxx on "_s + host), qPrintable(out));
        QVERIFY(out.contains(u"correct      yes"_s));
        // kwb hosts check: reachable, authenticated, the target's tools there.
        kwb.start(QStringLiteral(KWB_BINARY),
                  {u"hosts"_s, u"check"_s, QFINDTESTDATA("data/tiny/workload.json"), u"--host"_s,
                   host, u"--host"_s, u"nobody@127.0.0.1:1"_s});
        QVERIFY(kwb.waitForFinished(120'000));
        const QString check = QString::fromUtf8(kwb.readAllStandardOutput()) +
                              QString::fromUtf8(kwb.readAllStandardError());
        QCOMPARE(kwb.exitCode(), 3); // the second host is not there
        QVERIFY2(check.contains(u"✓ reachable and authenticated"_s) &&
                     check.contains(u"✓ C++ compiler (g++)"_s) &&
                     check.contains(u"makes a sandbox here"_s) && // quoted through SSH intact
                     check.contains(u"cannot connect to nobody@127.0.0.1:1"_s),
                 qPrintable(check));
        // An unknown host key: refused with its fingerprint, exit 3 (the host, not the kernel).
        env.insert(u"KWB_SSH_KNOWN_HOSTS"_s, m_tmp.path() + u"/kwb_known_hosts"_s);
        kwb.setProcessEnvironment(env);
        kwb.start(QStringLiteral(KWB_BINARY), {u"eval"_s, QFINDTESTDATA("data/tiny/workload.json"),
                                               u"--host"_s, host, u"--quiet"_s});
        QVERIFY(kwb.waitForFinished(60'000));
        QCOMPARE(kwb.exitCode(), 3);
        QVERIFY(QString::fromUtf8(kwb.readAllStandardError()).contains(u"--accept-new-host-key"_s));
    }

    void serverLostThenBack()
    {
        // A private sshd: killed mid-command, then started again on its port.
        const QString dir = m_tmp.path() + u"/sshd2"_s;
        QCOMPARE(QProcess::execute(sshd(), {u"start"_s, dir}), 0);
        QFile portFile(dir + u"/port"_s);
        QVERIFY(portFile.open(QIODevice::ReadOnly));
        const int port = portFile.readAll().trimmed().toInt();
        auto stop = qScopeGuard([&] { QProcess::execute(sshd(), {u"stop"_s, dir}); });
        SshOptions o = options();
        o.knownHostsFile = dir + u"/known_hosts"_s;
        o.identityFiles = {dir + u"/client_key"_s};
        SshConnection c(target(port), o);
        QVERIFY(c.wait(c.connectToHost(), 15'000).ok);
        QSignalSpy lines(&c, &SshConnection::outputLine);
        const int job = c.execShell(u"echo started >&2; sleep 30"_s, 60'000);
        QFile pid(dir + u"/sshd.pid"_s);
        QVERIFY(pid.open(QIODevice::ReadOnly));
        const QString sshdPid = QString::fromUtf8(pid.readAll().trimmed());
        QVERIFY(lines.wait(15'000)); // the command runs
        // The listener and its per-connection children.
        QProcess::execute(u"pkill"_s, {u"-KILL"_s, u"-P"_s, sshdPid});
        QProcess::execute(u"kill"_s, {u"-KILL"_s, sshdPid});
        const SshResult r = c.wait(job, 20'000);
        QVERIFY(!r.ok);
        QVERIFY2(r.connectionLost, qPrintable(r.error));
        QCOMPARE(QProcess::execute(sshd(), {u"start"_s, dir, QString::number(port)}), 0);
        const SshResult back = c.wait(c.exec({u"echo"_s, u"back"_s}, 10'000), 20'000);
        QVERIFY2(back.ok, qPrintable(back.error));
        QCOMPARE(back.output, QByteArray("back\n"));
    }
};

QTEST_GUILESS_MAIN(TestSsh)
#include "tst_ssh.moc"
