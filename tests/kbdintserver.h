#pragma once
// An SSH server on 127.0.0.1 that offers keyboard-interactive authentication
// only, built on libssh's server side. OpenSSH's sshd asks keyboard-
// interactive questions through PAM alone, which a test cannot configure
// without changing the system; this server speaks the same protocol over a
// real socket. It authenticates and then ends the connection: enough to
// test the client's side of the exchange.

#include <QByteArray>
#include <QList>
#include <arpa/inet.h>
#include <atomic>
#include <libssh/libssh.h>
#include <libssh/server.h>
#include <mutex>
#include <poll.h>
#include <string>
#include <thread>

class KbdintServer
{
public:
    /// Asks "Password: " (hidden) and "Verification code: " (shown); the
    /// right answers are `password` and `code`.
    KbdintServer(std::string password, std::string code)
        : m_password(std::move(password)), m_code(std::move(code))
    {
        m_bind = ssh_bind_new();
        ssh_key key = nullptr;
        ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key);
        ssh_bind_options_set(m_bind, SSH_BIND_OPTIONS_IMPORT_KEY, key); // the bind owns it now
        ssh_bind_options_set(m_bind, SSH_BIND_OPTIONS_BINDADDR, "127.0.0.1");
        const unsigned int any = 0;
        ssh_bind_options_set(m_bind, SSH_BIND_OPTIONS_BINDPORT, &any);
        if (ssh_bind_listen(m_bind) != SSH_OK)
            return;
        sockaddr_in address{};
        socklen_t length = sizeof address;
        if (getsockname(ssh_bind_get_fd(m_bind), reinterpret_cast<sockaddr *>(&address), &length) ==
            0)
            m_port = ntohs(address.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~KbdintServer()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        ssh_bind_free(m_bind);
    }
    int port() const { return m_port; }
    /// How many connections authenticated so far.
    int authenticated() const { return m_authenticated; }

private:
    void serve()
    {
        pollfd p{ssh_bind_get_fd(m_bind), POLLIN, 0};
        while (!m_stop) {
            if (poll(&p, 1, 100) <= 0)
                continue;
            ssh_session session = ssh_new();
            if (ssh_bind_accept(m_bind, session) == SSH_OK &&
                ssh_handle_key_exchange(session) == SSH_OK)
                authenticate(session);
            ssh_disconnect(session);
            ssh_free(session);
        }
    }
    void authenticate(ssh_session session)
    {
        ssh_set_auth_methods(session, SSH_AUTH_METHOD_INTERACTIVE);
        while (ssh_message message = ssh_message_get(session)) {
            bool done = false;
            if (ssh_message_type(message) == SSH_REQUEST_AUTH &&
                ssh_message_subtype(message) == SSH_AUTH_METHOD_INTERACTIVE) {
                if (!ssh_message_auth_kbdint_is_response(message)) {
                    const char *prompts[] = {"Password: ", "Verification code: "};
                    char echo[] = {0, 1};
                    ssh_message_auth_interactive_request(
                        message, "kwb test server", "Answer both questions.", 2, prompts, echo);
                } else if (ssh_userauth_kbdint_getnanswers(session) == 2 &&
                           m_password == ssh_userauth_kbdint_getanswer(session, 0) &&
                           m_code == ssh_userauth_kbdint_getanswer(session, 1)) {
                    // Counted before the reply: the client may read the
                    // count as soon as it sees the success.
                    ++m_authenticated;
                    ssh_message_auth_reply_success(message, 0);
                    done = true;
                } else {
                    ssh_message_reply_default(message);
                }
            } else {
                ssh_message_auth_set_methods(message, SSH_AUTH_METHOD_INTERACTIVE);
                ssh_message_reply_default(message);
            }
            ssh_message_free(message);
            if (done)
                break;
        }
    }

    std::string m_password, m_code;
    ssh_bind m_bind = nullptr;
    int m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_authenticated{0};
    std::thread m_thread;
};
