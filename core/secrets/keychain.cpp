#include "keychain.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <memory>
#include <qt6keychain/keychain.h>

namespace kwb::keychain {

using namespace Qt::Literals::StringLiterals;

namespace {

const QString service = u"kernel-workbench"_s;

// Runs a QtKeychain job to its end.
bool finish(QKeychain::Job &job, QString *error)
{
    job.setAutoDelete(false);
    QEventLoop loop;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    job.start();
    loop.exec();
    if (job.error() != QKeychain::NoError) {
        if (error)
            *error = job.errorString();
        return false;
    }
    return true;
}

} // namespace

bool read(const QString &key, QString *secret, QString *error)
{
    QKeychain::ReadPasswordJob job(service);
    job.setKey(key);
    if (!finish(job, error))
        return false;
    *secret = job.textData();
    return true;
}

bool write(const QString &key, const QString &secret, QString *error)
{
    QKeychain::WritePasswordJob job(service);
    job.setKey(key);
    job.setTextData(secret);
    return finish(job, error);
}

bool remove(const QString &key, QString *error)
{
    QKeychain::DeletePasswordJob job(service);
    job.setKey(key);
    return finish(job, error);
}

QString passphraseKey(const QString &keyFile)
{
    return u"ssh passphrase "_s + QFileInfo(keyFile).absoluteFilePath();
}

std::function<QString(const QString &, bool)>
rememberingPassphrase(std::function<QString(const QString &, bool, bool *)> ask)
{
    struct Known
    {
        QMutex mutex;                    // connections ask from their own threads
        QHash<QString, QString> answers; // key file → passphrase, in memory only
    };
    auto known = std::make_shared<Known>();
    return [ask = std::move(ask), known](const QString &keyFile, bool retry) {
        QMutexLocker lock(&known->mutex); // one question at a time
        const QString key = passphraseKey(keyFile);
        if (retry) {
            known->answers.remove(keyFile);
            remove(key);
        } else if (auto it = known->answers.constFind(keyFile); it != known->answers.cend()) {
            return *it;
        } else if (QString secret; read(key, &secret) && !secret.isEmpty()) {
            known->answers.insert(keyFile, secret);
            return secret;
        }
        bool remember = false;
        QString answer = ask(keyFile, retry, &remember);
        if (!answer.isEmpty())
            known->answers.insert(keyFile, answer);
        if (remember && !answer.isEmpty())
            write(key, answer);
        return answer;
    };
}

} // namespace kwb::keychain
