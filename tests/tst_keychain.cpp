// The system keychain through QtKeychain, against a real GNOME Keyring in a
// private D-Bus session (tests/keychain/run.sh): passphrases remembered only
// when asked, forgotten when wrong, and never in a plain file.
#include "secrets/keychain.h"

#include <QDirIterator>
#include <QRandomGenerator>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestKeychain : public QObject
{
    Q_OBJECT

    static QString secret()
    {
        return u"pass-"_s + QString::number(QRandomGenerator::global()->generate64(), 36);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsSet("KWB_NO_KEYCHAIN"))
            QSKIP(qPrintable(u"no keychain to test against: "_s +
                             qEnvironmentVariable("KWB_NO_KEYCHAIN")));
    }

    void roundTrip()
    {
        const QString key = u"test "_s + secret(), value = secret();
        QString error;
        QVERIFY2(keychain::write(key, value, &error), qPrintable(error));
        QString back;
        QVERIFY2(keychain::read(key, &back, &error), qPrintable(error));
        QCOMPARE(back, value);
        QVERIFY2(keychain::remove(key, &error), qPrintable(error));
        QVERIFY(!keychain::read(key, &back, &error));
        QVERIFY(!error.isEmpty());
    }

    void passphraseRememberedOnlyWhenAsked()
    {
        const QString keyFile = u"/tmp/kwb-test-key-"_s + secret(), pass = secret();
        int asked = 0;
        bool remember = false;
        auto prompt = [&](const QString &, bool, bool *keep) {
            ++asked;
            *keep = remember;
            return pass;
        };
        // Not remembered: asked once per session (shared by its hosts), not kept.
        {
            auto ask = keychain::rememberingPassphrase(prompt);
            QCOMPARE(ask(keyFile, false), pass);
            QCOMPARE(ask(keyFile, false), pass); // a second host
            QCOMPARE(asked, 1);
        }
        QString stored;
        QVERIFY(!keychain::read(keychain::passphraseKey(keyFile), &stored));
        // Remembered: the next session does not ask.
        remember = true;
        QCOMPARE(keychain::rememberingPassphrase(prompt)(keyFile, false), pass);
        QCOMPARE(asked, 2);
        QCOMPARE(keychain::rememberingPassphrase(prompt)(keyFile, false), pass);
        QCOMPARE(asked, 2);
        QVERIFY(keychain::read(keychain::passphraseKey(keyFile), &stored));
        QCOMPARE(stored, pass);
        // The secret is in no plain file of the keyring's folder.
        const QString dir = qEnvironmentVariable("KWB_KEYRING_DIR");
        QVERIFY(QFileInfo(dir).isDir());
        QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(pass.toUtf8()), qPrintable(f.fileName()));
            ++files;
        }
        QVERIFY(files > 0);
        // Wrong (asked again as a retry): forgotten, and the engineer is asked.
        remember = false;
        QCOMPARE(keychain::rememberingPassphrase(prompt)(keyFile, true), pass);
        QCOMPARE(asked, 3);
        QVERIFY(!keychain::read(keychain::passphraseKey(keyFile), &stored));
    }
};

QTEST_GUILESS_MAIN(TestKeychain)
#include "tst_keychain.moc"
