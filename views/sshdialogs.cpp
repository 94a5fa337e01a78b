#include "sshdialogs.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

bool confirmHostKey(QWidget *parent, const QString &host, const QString &fingerprint)
{
    QMessageBox box(QMessageBox::Question, QObject::tr("Unknown host key"),
                    QObject::tr("The host %1 is not in your known_hosts yet.").arg(host),
                    QMessageBox::NoButton, parent);
    box.setObjectName(u"hostKeyDialog"_s);
    box.setInformativeText(
        QObject::tr("Its key's fingerprint is\n\n%1\n\nCompare it with the one the host's "
                    "administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub "
                    "on the host) before you trust it.")
            .arg(fingerprint));
    box.setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPushButton *trust = box.addButton(QObject::tr("Trust and connect"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == trust;
}

QString askPassphrase(QWidget *parent, const QString &keyFile, bool retry, bool *remember)
{
    QDialog dialog(parent);
    dialog.setObjectName(u"passphraseDialog"_s);
    dialog.setWindowTitle(QObject::tr("SSH key passphrase"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *label = new QLabel(
        retry ? QObject::tr("That passphrase was not right. Passphrase for %1:").arg(keyFile)
              : QObject::tr("Passphrase for %1:").arg(keyFile),
        &dialog);
    label->setWordWrap(true);
    auto *edit = new QLineEdit(&dialog);
    edit->setObjectName(u"passphrase"_s);
    edit->setEchoMode(QLineEdit::Password);
    auto *keep = new QCheckBox(QObject::tr("Remember it in the system keychain"), &dialog);
    keep->setObjectName(u"remember"_s);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(label);
    layout->addWidget(edit);
    layout->addWidget(keep);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    *remember = keep->isChecked();
    return edit->text();
}

QStringList askQuestions(QWidget *parent, const QString &instruction,
                         const QList<SshPrompt> &prompts)
{
    QDialog dialog(parent);
    dialog.setObjectName(u"keyboardInteractiveDialog"_s);
    dialog.setWindowTitle(QObject::tr("SSH login"));
    auto *layout = new QVBoxLayout(&dialog);
    if (!instruction.isEmpty()) {
        auto *label = new QLabel(instruction, &dialog);
        label->setWordWrap(true);
        layout->addWidget(label);
    }
    auto *form = new QFormLayout;
    QList<QLineEdit *> edits;
    for (const SshPrompt &p : prompts) {
        auto *edit = new QLineEdit(&dialog);
        edit->setEchoMode(p.echo ? QLineEdit::Normal : QLineEdit::Password);
        form->addRow(p.text, edit);
        edits << edit;
    }
    layout->addLayout(form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    QStringList answers;
    for (QLineEdit *e : std::as_const(edits))
        answers << e->text();
    return answers;
}

} // namespace

SshPrompts dialogPrompts(QWidget *parent)
{
    QPointer<QWidget> owner(parent);
    SshPrompts p;
    p.confirmNewHostKey = [owner](const QString &host, const QString &fingerprint) {
        return confirmHostKey(owner, host, fingerprint);
    };
    p.passphrase = [owner](const QString &keyFile, bool retry, bool *remember) {
        return askPassphrase(owner, keyFile, retry, remember);
    };
    p.keyboardInteractive = [owner](const QString &instruction, const QList<SshPrompt> &prompts) {
        return askQuestions(owner, instruction, prompts);
    };
    return p;
}

} // namespace kwb
