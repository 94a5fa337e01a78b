<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="de_DE">
<context>
    <name>Compare</name>
    <message>
        <source>#%1 and #%2 cannot be compared: one of them has no timing.</source>
        <translation>#%1 und #%2 lassen sich nicht vergleichen: einem von beiden fehlt die Zeitmessung.</translation>
    </message>
    <message>
        <source>%1% faster</source>
        <translation>%1 % schneller</translation>
    </message>
    <message>
        <source>%1% slower</source>
        <translation>%1 % langsamer</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, inside the run-to-run spread (IQR %4–%5 ms against %6–%7 ms): not a real difference.</source>
        <translation>#%1 ist %2 als #%3, innerhalb der Streuung zwischen Läufen (IQR %4–%5 ms gegenüber %6–%7 ms): kein echter Unterschied.</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, beyond the run-to-run spread (IQR %4–%5 ms against %6–%7 ms).</source>
        <translation>#%1 ist %2 als #%3, jenseits der Streuung zwischen Läufen (IQR %4–%5 ms gegenüber %6–%7 ms).</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Unknown host key</source>
        <translation>Unbekannter Host-Schlüssel</translation>
    </message>
    <message>
        <source>The host %1 is not in your known_hosts yet.</source>
        <translation>Der Host %1 steht noch nicht in Ihrer known_hosts.</translation>
    </message>
    <message>
        <source>Its key's fingerprint is

%1

Compare it with the one the host's administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the host) before you trust it.</source>
        <translation>Der Fingerabdruck seines Schlüssels ist

%1

Vergleichen Sie ihn mit dem, den Ihnen die Administration des Hosts nennt (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub auf dem Host), bevor Sie ihm vertrauen.</translation>
    </message>
    <message>
        <source>Trust and connect</source>
        <translation>Vertrauen und verbinden</translation>
    </message>
    <message>
        <source>SSH key passphrase</source>
        <translation>Passphrase des SSH-Schlüssels</translation>
    </message>
    <message>
        <source>That passphrase was not right. Passphrase for %1:</source>
        <translation>Diese Passphrase war falsch. Passphrase für %1:</translation>
    </message>
    <message>
        <source>Passphrase for %1:</source>
        <translation>Passphrase für %1:</translation>
    </message>
    <message>
        <source>Remember it in the system keychain</source>
        <translation>Im Schlüsselbund des Systems merken</translation>
    </message>
    <message>
        <source>SSH login</source>
        <translation>SSH-Anmeldung</translation>
    </message>
    <message>
        <source>The session's workload %1 does not load:
%2</source>
        <translation>Die Arbeitslast %1 der Sitzung lässt sich nicht laden:
%2</translation>
    </message>
    <message>
        <source>The workload does not load:
%1</source>
        <translation>Die Arbeitslast lässt sich nicht laden:
%1</translation>
    </message>
    <message>
        <source>%1 was made for another version of this workload (%2).</source>
        <translation>%1 wurde für eine andere Version dieser Arbeitslast angelegt (%2).</translation>
    </message>
</context>
<context>
    <name>kwb::CandidateModel</name>
    <message>
        <source>#%1 %2
%3: %4</source>
        <translation>#%1 %2
%3: %4</translation>
    </message>
    <message>
        <source>host lost</source>
        <translation>Host verloren</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>korrekt</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Beschleunigung</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
</context>
<context>
    <name>kwb::CompareView</name>
    <message>
        <source>Swap</source>
        <translation>Tauschen</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>with</source>
        <translation>mit</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Messgröße</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <source>Pick two recorded candidates (double-click one in the timeline to compare it with its parent).</source>
        <translation>Wählen Sie zwei aufgezeichnete Kandidaten (Doppelklick in der Zeitleiste vergleicht einen mit seinem Vorgänger).</translation>
    </message>
    <message>
        <source>#%1 (A) — %2</source>
        <translation>#%1 (A) — %2</translation>
    </message>
    <message>
        <source>#%1 (B) — %2</source>
        <translation>#%1 (B) — %2</translation>
    </message>
</context>
<context>
    <name>kwb::HostModel</name>
    <message>
        <source>busy</source>
        <translation>beschäftigt</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>verbindet</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ausgefallen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>Letztes Problem</translation>
    </message>
</context>
<context>
    <name>kwb::JsonListModel</name>
    <message>
        <source>#%1 %2 — %3</source>
        <translation>#%1 %2 — %3</translation>
    </message>
    <message>
        <source>lesson: %1</source>
        <translation>Lehre: %1</translation>
    </message>
    <message>
        <source>avoid: %1</source>
        <translation>vermeiden: %1</translation>
    </message>
    <message>
        <source>try: %1</source>
        <translation>versuchen: %1</translation>
    </message>
    <message>
        <source>#%1 → #%2: %3× — %4</source>
        <translation>#%1 → #%2: %3× — %4</translation>
    </message>
</context>
<context>
    <name>kwb::LoopPhase</name>
    <message>
        <source>idle</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>Planen</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>Freigabe</translation>
    </message>
    <message>
        <source>ship</source>
        <translation>Ausliefern</translation>
    </message>
    <message>
        <source>evaluate</source>
        <translation>Bewerten</translation>
    </message>
    <message>
        <source>decide</source>
        <translation>Entscheiden</translation>
    </message>
    <message>
        <source>summarize</source>
        <translation>Zusammenfassen</translation>
    </message>
    <message>
        <source>reflect</source>
        <translation>Reflektieren</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <source>Kernel Workbench</source>
        <translation>Kernel Workbench</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Start or resume the loop</source>
        <translation>Schleife starten oder fortsetzen</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Pause after the current phase</source>
        <translation>Nach der laufenden Phase anhalten</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Advance one phase</source>
        <translation>Eine Phase weiter</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Ship the pending candidate</source>
        <translation>Den wartenden Kandidaten ausliefern</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Hand-edit the pending candidate, then approve</source>
        <translation>Den wartenden Kandidaten von Hand bearbeiten, dann freigeben</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Drop the pending candidate</source>
        <translation>Den wartenden Kandidaten verwerfen</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Drop the pending candidate and ask the planner for another</source>
        <translation>Den wartenden Kandidaten verwerfen und einen neuen anfordern</translation>
    </message>
    <message>
        <source>Revert to selected</source>
        <translation>Zum gewählten zurück</translation>
    </message>
    <message>
        <source>Make the selected candidate the incumbent; later candidates branch from it</source>
        <translation>Den gewählten Kandidaten zum Amtsinhaber machen; spätere Kandidaten zweigen von ihm ab</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Finish and record the running candidate, then stop</source>
        <translation>Den laufenden Kandidaten fertig messen und aufzeichnen, dann anhalten</translation>
    </message>
    <message>
        <source>Autopilot</source>
        <translation>Autopilot</translation>
    </message>
    <message>
        <source>Approve each candidate</source>
        <translation>Jeden Kandidaten freigeben</translation>
    </message>
    <message>
        <source>Step each phase</source>
        <translation>Jede Phase einzeln</translation>
    </message>
    <message>
        <source>How much the loop waits for you</source>
        <translation>Wie oft die Schleife auf Sie wartet</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Schleife</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New session…</source>
        <translation>&amp;Neue Sitzung…</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Arbeitslast</translation>
    </message>
    <message>
        <source>Workloads (*.json)</source>
        <translation>Arbeitslasten (*.json)</translation>
    </message>
    <message>
        <source>Folder for the new session</source>
        <translation>Ordner für die neue Sitzung</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>Sitzung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Session folder</source>
        <translation>Sitzungsordner</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Export metrics &amp;chart…</source>
        <translation>Messgrößen-&amp;Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;roofline…</source>
        <translation>&amp;Roofline exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;selection bars…</source>
        <translation>&amp;Auswahlbalken exportieren…</translation>
    </message>
    <message>
        <source>Compare selected with &amp;incumbent</source>
        <translation>Gewählten mit &amp;Amtsinhaber vergleichen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation>&amp;Schleife</translation>
    </message>
    <message>
        <source>Re&amp;play session</source>
        <translation>Sitzung &amp;abspielen</translation>
    </message>
    <message>
        <source>%1 candidates a second</source>
        <translation>%1 Kandidaten pro Sekunde</translation>
    </message>
    <message>
        <source>Stop replay</source>
        <translation>Wiedergabe anhalten</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Messgrößen</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Search reflexions…</source>
        <translation>Reflexionen durchsuchen…</translation>
    </message>
    <message>
        <source>Reflexions</source>
        <translation>Reflexionen</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Gedächtnis</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Konsole</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>replay %1/%2</source>
        <translation>Wiedergabe %1/%2</translation>
    </message>
    <message>
        <source>Replay finished.</source>
        <translation>Wiedergabe beendet.</translation>
    </message>
    <message>
        <source>%1 — Kernel Workbench</source>
        <translation>%1 — Kernel Workbench</translation>
    </message>
    <message>
        <source>%1: %2 candidates recorded in %3.
Press Run (F5) to start or resume the loop.</source>
        <translation>%1: %2 Kandidaten aufgezeichnet in %3.
Mit „Starten“ (F5) beginnt oder läuft die Schleife weiter.</translation>
    </message>
    <message>
        <source>starting kernel %1 — press Run (F5)</source>
        <translation>Startkernel %1 — „Starten“ (F5) drücken</translation>
    </message>
    <message>
        <source>Cannot open the session %1:
%2</source>
        <translation>Die Sitzung %1 lässt sich nicht öffnen:
%2</translation>
    </message>
    <message>
        <source>Cannot start a session for %1:
%2</source>
        <translation>Für %1 lässt sich keine Sitzung beginnen:
%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt; (round %2, %3): %4</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt; (Runde %2, %3): %4</translation>
    </message>
    <message>
        <source> — incumbent is &lt;i&gt;%1&lt;/i&gt;</source>
        <translation> — Amtsinhaber ist &lt;i&gt;%1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>#%1 evaluating: %2</source>
        <translation>#%1 wird bewertet: %2</translation>
    </message>
    <message>
        <source>#%1 reverted to #%2: %3</source>
        <translation>#%1 auf #%2 zurückgesetzt: %3</translation>
    </message>
    <message>
        <source>Finished (%1): %2</source>
        <translation>Beendet (%1): %2</translation>
    </message>
    <message>
        <source>loop finished (%1): %2</source>
        <translation>Schleife beendet (%1): %2</translation>
    </message>
    <message>
        <source>A session replays only while its loop is not running.</source>
        <translation>Eine Sitzung lässt sich nur abspielen, solange ihre Schleife nicht läuft.</translation>
    </message>
    <message>
        <source>Replaying %1 at %2 candidates a second; nothing runs on any host.</source>
        <translation>%1 wird mit %2 Kandidaten pro Sekunde abgespielt; auf keinem Host läuft etwas.</translation>
    </message>
    <message>
        <source>#%1 is no longer waiting for approval.</source>
        <translation>#%1 wartet nicht mehr auf Freigabe.</translation>
    </message>
    <message>
        <source>Edit the candidate on the right, then Approve: it is checked and timed before anything is kept.</source>
        <translation>Bearbeiten Sie den Kandidaten rechts, dann „Freigeben“: Er wird geprüft und gemessen, bevor etwas behalten wird.</translation>
    </message>
    <message>
        <source>Cannot revert to #%1: %2</source>
        <translation>Zurücksetzen auf #%1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>the incumbent is now #%1; the next candidates branch from it</source>
        <translation>Amtsinhaber ist jetzt #%1; die nächsten Kandidaten zweigen von ihm ab</translation>
    </message>
    <message>
        <source>#%1 (incumbent)</source>
        <translation>#%1 (Amtsinhaber)</translation>
    </message>
    <message>
        <source>(nothing yet)</source>
        <translation>(noch nichts)</translation>
    </message>
    <message>
        <source>#%1 — waiting for approval: %2</source>
        <translation>#%1 — wartet auf Freigabe: %2</translation>
    </message>
    <message>
        <source>#%1 waits for you: Approve, Edit, Reject or Regenerate.</source>
        <translation>#%1 wartet auf Sie: Freigeben, Bearbeiten, Ablehnen oder Neu erzeugen.</translation>
    </message>
    <message>
        <source>#%1 (parent)</source>
        <translation>#%1 (Vorgänger)</translation>
    </message>
    <message>
        <source>(no parent)</source>
        <translation>(kein Vorgänger)</translation>
    </message>
    <message>
        <source>#%1 — %2: %3</source>
        <translation>#%1 — %2: %3</translation>
    </message>
    <message>
        <source>── log of #%1 (%2) ──</source>
        <translation>── Protokoll von #%1 (%2) ──</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>keine Sitzung</translation>
    </message>
    <message>
        <source>phase: %1%2</source>
        <translation>Phase: %1%2</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation> (angehalten)</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>host: %1 · elapsed %2:%3 · %4 evaluations · best %5</source>
        <translation>Host: %1 · Dauer %2:%3 · %4 Bewertungen · beste %5</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Language…</source>
        <translation>&amp;Sprache…</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Systemvorgabe (%1)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Language of the window:</source>
        <translation>Sprache des Fensters:</translation>
    </message>
    <message>
        <source>The new language applies the next time Kernel Workbench starts.</source>
        <translation>Die neue Sprache gilt ab dem nächsten Start von Kernel Workbench.</translation>
    </message>
</context>
<context>
    <name>kwb::MetricChart</name>
    <message>
        <source>goal</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>chart legend: keep it short</comment>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>best</source>
        <comment>chart legend: the best so far</comment>
        <translation>Bestwert</translation>
    </message>
    <message>
        <source>baseline</source>
        <comment>chart legend: the best baseline</comment>
        <translation>Basis</translation>
    </message>
</context>
<context>
    <name>kwb::RooflineChart</name>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>ceilings (calibrated)</source>
        <translation>Obergrenzen (kalibriert)</translation>
    </message>
    <message>
        <source>kept, in order</source>
        <translation>behalten, der Reihe nach</translation>
    </message>
    <message>
        <source>FLOP/byte</source>
        <translation>FLOP/Byte</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>Kandidaten</translation>
    </message>
</context>
<context>
    <name>kwb::SelectionBars</name>
    <message>
        <source>Selected candidate: change in % (right = better)</source>
        <translation>Gewählter Kandidat: Änderung in % (rechts = besser)</translation>
    </message>
    <message>
        <source>vs parent #%1</source>
        <translation>ggü. Vorgänger #%1</translation>
    </message>
    <message>
        <source>vs parent</source>
        <translation>ggü. Vorgänger</translation>
    </message>
    <message>
        <source>vs incumbent #%1</source>
        <translation>ggü. Amtsinhaber #%1</translation>
    </message>
    <message>
        <source>vs incumbent</source>
        <translation>ggü. Amtsinhaber</translation>
    </message>
</context>
<context>
    <name>kwb::TimelineView</name>
    <message>
        <source>failed: C compile · W wrong · X crash · T timeout · F false win</source>
        <translation>fehlgeschlagen: C Übersetzung · W falsch · X Absturz · T Zeitüberschreitung · F Scheingewinn</translation>
    </message>
    <message>
        <source>#%1 · %2
%3
%4: %5</source>
        <translation>#%1 · %2
%3
%4: %5</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>discarded</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>reverted</source>
        <translation>zurückgesetzt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Vergleichsbasis</translation>
    </message>
    <message>
        <source>human-edited</source>
        <translation>von Hand bearbeitet</translation>
    </message>
    <message>
        <source>host lost</source>
        <translation>Host verloren</translation>
    </message>
    <message>
        <source>other</source>
        <translation>sonstige</translation>
    </message>
</context>
<context>
    <name>kwb::Workbench</name>
    <message>
        <source>Host %1: %2</source>
        <translation>Host %1: %2</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 ms (key %3).</source>
        <translation>Mit %1 in %2 ms verbunden (Schlüssel %3).</translation>
    </message>
    <message>
        <source>Host %1 is left out: %2</source>
        <translation>Host %1 wird ausgelassen: %2</translation>
    </message>
    <message>
        <source>No host of this workload can be reached; nothing was started.</source>
        <translation>Kein Host dieser Arbeitslast ist erreichbar; nichts wurde gestartet.</translation>
    </message>
    <message>
        <source>Calibration failed (%1); running without %% of peak and bottleneck classes.</source>
        <translation>Kalibrierung fehlgeschlagen (%1); es geht ohne %% der Spitzenleistung und Engpassklassen weiter.</translation>
    </message>
    <message>
        <source>Measuring the peaks of %1 (once; cached)…</source>
        <translation>Spitzenwerte von %1 werden gemessen (einmalig; zwischengespeichert)…</translation>
    </message>
    <message>
        <source>evaluations lost three times in a row; its work moves elsewhere</source>
        <translation>dreimal in Folge Bewertungen verloren; seine Arbeit geht an andere Hosts</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Profile-guided kernel optimization with a human in the loop.</source>
        <translation>Profilgeführte Kernel-Optimierung mit dem Menschen in der Schleife.</translation>
    </message>
    <message>
        <source>Print the version and exit.</source>
        <translation>Version ausgeben und beenden.</translation>
    </message>
    <message>
        <source>A session folder to open.</source>
        <translation>Ein zu öffnender Sitzungsordner.</translation>
    </message>
    <message>
        <source>Start a new session for this workload.</source>
        <translation>Eine neue Sitzung für diese Arbeitslast beginnen.</translation>
    </message>
    <message>
        <source>Folder of the new session (default: a new one in the user's data folder).</source>
        <translation>Ordner der neuen Sitzung (Vorgabe: ein neuer im Datenordner des Benutzers).</translation>
    </message>
    <message>
        <source>Start the loop at once, in this mode: autopilot, approve or step.</source>
        <translation>Die Schleife sofort in diesem Modus starten: autopilot, approve oder step.</translation>
    </message>
    <message>
        <source>Use a dark palette (Fusion style).</source>
        <translation>Eine dunkle Farbpalette verwenden (Fusion-Stil).</translation>
    </message>
    <message>
        <source>Open the Compare view on candidates A and B.</source>
        <translation>Die Vergleichsansicht für die Kandidaten A und B öffnen.</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE and quit (for docs).</source>
        <translation>Ein Bild des Fensters in DATEI speichern und beenden (für die Dokumentation).</translation>
    </message>
    <message>
        <source>…once this many candidates are recorded (default 0).</source>
        <translation>…sobald so viele Kandidaten aufgezeichnet sind (Vorgabe 0).</translation>
    </message>
    <message>
        <source>Use this language (en, de, ja) instead of the one chosen in Settings.</source>
        <translation>Diese Sprache (en, de, ja) statt der in den Einstellungen gewählten verwenden.</translation>
    </message>
</context>
</TS>