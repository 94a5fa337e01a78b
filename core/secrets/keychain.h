#pragma once

#include <QString>
#include <functional>

namespace kwb::keychain {

/// The operating system's keychain (the Secret Service of GNOME Keyring or
/// KWallet on Linux) through QtKeychain, under the service
/// "kernel-workbench". Each call waits for its answer in a local event loop
/// (any thread). No keychain: false with `error`; nothing is ever written
/// anywhere else.
bool read(const QString &key, QString *secret, QString *error = nullptr);
bool write(const QString &key, const QString &secret, QString *error = nullptr);
bool remove(const QString &key, QString *error = nullptr);

/// The keychain entry that remembers a key file's passphrase.
QString passphraseKey(const QString &keyFile);

/// Wraps a passphrase prompt for SshOptions::passphrase, shared by every
/// connection: a key's passphrase is asked once (then answered from memory
/// for the other hosts), or not at all when the keychain remembers it. On a
/// retry (the answer was wrong) the memory and the keychain entry are
/// forgotten and `ask` is asked. An answer whose `*remember` the prompt set
/// is stored in the keychain.
std::function<QString(const QString &keyFile, bool retry)> rememberingPassphrase(
    std::function<QString(const QString &keyFile, bool retry, bool *remember)> ask);

} // namespace kwb::keychain
