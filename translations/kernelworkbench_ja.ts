<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="ja_JP">
<context>
    <name>Compare</name>
    <message>
        <source>#%1 and #%2 cannot be compared: one of them has no timing.</source>
        <translation>#%1 と #%2 は比較できません: 一方に計測結果がありません。</translation>
    </message>
    <message>
        <source>%1% faster</source>
        <translation>%1% 高速</translation>
    </message>
    <message>
        <source>%1% slower</source>
        <translation>%1% 低速</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, inside the run-to-run spread (IQR %4–%5 ms against %6–%7 ms): not a real difference.</source>
        <translation>#%1 は #%3 より %2 ですが、実行ごとのばらつきの範囲内です (IQR %4–%5 ms 対 %6–%7 ms): 実質的な差ではありません。</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, beyond the run-to-run spread (IQR %4–%5 ms against %6–%7 ms).</source>
        <translation>#%1 は #%3 より %2 で、実行ごとのばらつきを超えています (IQR %4–%5 ms 対 %6–%7 ms)。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Unknown host key</source>
        <translation>不明なホスト鍵</translation>
    </message>
    <message>
        <source>The host %1 is not in your known_hosts yet.</source>
        <translation>ホスト %1 はまだ known_hosts にありません。</translation>
    </message>
    <message>
        <source>Its key's fingerprint is

%1

Compare it with the one the host's administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the host) before you trust it.</source>
        <translation>鍵のフィンガープリント:

%1

信頼する前に、ホストの管理者から伝えられたもの (ホスト上で ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub) と照合してください。</translation>
    </message>
    <message>
        <source>Trust and connect</source>
        <translation>信頼して接続</translation>
    </message>
    <message>
        <source>SSH key passphrase</source>
        <translation>SSH 鍵のパスフレーズ</translation>
    </message>
    <message>
        <source>That passphrase was not right. Passphrase for %1:</source>
        <translation>パスフレーズが正しくありません。%1 のパスフレーズ:</translation>
    </message>
    <message>
        <source>Passphrase for %1:</source>
        <translation>%1 のパスフレーズ:</translation>
    </message>
    <message>
        <source>Remember it in the system keychain</source>
        <translation>システムのキーチェーンに保存する</translation>
    </message>
    <message>
        <source>SSH login</source>
        <translation>SSH ログイン</translation>
    </message>
    <message>
        <source>The session's workload %1 does not load:
%2</source>
        <translation>セッションのワークロード %1 を読み込めません:
%2</translation>
    </message>
    <message>
        <source>The workload does not load:
%1</source>
        <translation>ワークロードを読み込めません:
%1</translation>
    </message>
    <message>
        <source>%1 was made for another version of this workload (%2).</source>
        <translation>%1 はこのワークロードの別バージョン用に作成されました (%2)。</translation>
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
        <translation>ホスト切断</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正しい</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>ラウンド</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>由来</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中央値</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>高速化率</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>判定</translation>
    </message>
</context>
<context>
    <name>kwb::CompareView</name>
    <message>
        <source>Swap</source>
        <translation>入れ替え</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>with</source>
        <translation>と</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指標</translation>
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
        <translation>記録済みの候補を 2 つ選んでください (タイムラインでダブルクリックすると親と比較します)。</translation>
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
        <translation>実行中</translation>
    </message>
    <message>
        <source>local</source>
        <translation>ローカル</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未接続</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>接続中</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>接続済み</translation>
    </message>
    <message>
        <source>down</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>遅延</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>直近の問題</translation>
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
        <translation>教訓: %1</translation>
    </message>
    <message>
        <source>avoid: %1</source>
        <translation>避ける: %1</translation>
    </message>
    <message>
        <source>try: %1</source>
        <translation>試す: %1</translation>
    </message>
    <message>
        <source>#%1 → #%2: %3× — %4</source>
        <translation>#%1 → #%2: %3倍 — %4</translation>
    </message>
</context>
<context>
    <name>kwb::LoopPhase</name>
    <message>
        <source>idle</source>
        <translation>待機</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>プロファイル</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>承認待ち</translation>
    </message>
    <message>
        <source>ship</source>
        <translation>出荷</translation>
    </message>
    <message>
        <source>evaluate</source>
        <translation>評価</translation>
    </message>
    <message>
        <source>decide</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>summarize</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>reflect</source>
        <translation>振り返り</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完了</translation>
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
        <translation>実行</translation>
    </message>
    <message>
        <source>Start or resume the loop</source>
        <translation>ループを開始または再開</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Pause after the current phase</source>
        <translation>現在のフェーズの後で一時停止</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Advance one phase</source>
        <translation>1 フェーズ進める</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>Ship the pending candidate</source>
        <translation>保留中の候補を出荷</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Hand-edit the pending candidate, then approve</source>
        <translation>保留中の候補を手で編集してから承認</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>Drop the pending candidate</source>
        <translation>保留中の候補を破棄</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>Drop the pending candidate and ask the planner for another</source>
        <translation>保留中の候補を破棄し、プランナーに別の候補を求める</translation>
    </message>
    <message>
        <source>Revert to selected</source>
        <translation>選択へ戻す</translation>
    </message>
    <message>
        <source>Make the selected candidate the incumbent; later candidates branch from it</source>
        <translation>選択した候補を現行とし、以降の候補はそこから分岐</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Finish and record the running candidate, then stop</source>
        <translation>実行中の候補を完了・記録してから停止</translation>
    </message>
    <message>
        <source>Autopilot</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>Approve each candidate</source>
        <translation>候補ごとに承認</translation>
    </message>
    <message>
        <source>Step each phase</source>
        <translation>フェーズごとに停止</translation>
    </message>
    <message>
        <source>How much the loop waits for you</source>
        <translation>ループがどこであなたを待つか</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>ループ</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New session…</source>
        <translation>新しいセッション(&amp;N)…</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>ワークロード</translation>
    </message>
    <message>
        <source>Workloads (*.json)</source>
        <translation>ワークロード (*.json)</translation>
    </message>
    <message>
        <source>Folder for the new session</source>
        <translation>新しいセッションのフォルダ</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>セッションを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Session folder</source>
        <translation>セッションフォルダ</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近のセッション(&amp;R)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>グラフを書き出す</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 画像 (*.png);;SVG 図形 (*.svg)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 を書き込めませんでした。</translation>
    </message>
    <message>
        <source>Export metrics &amp;chart…</source>
        <translation>指標グラフを書き出す(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;roofline…</source>
        <translation>ルーフラインを書き出す(&amp;R)…</translation>
    </message>
    <message>
        <source>Export &amp;selection bars…</source>
        <translation>選択バーを書き出す(&amp;S)…</translation>
    </message>
    <message>
        <source>Compare selected with &amp;incumbent</source>
        <translation>選択を現行と比較(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation>ループ(&amp;L)</translation>
    </message>
    <message>
        <source>Re&amp;play session</source>
        <translation>セッションを再生(&amp;P)</translation>
    </message>
    <message>
        <source>%1 candidates a second</source>
        <translation>毎秒 %1 候補</translation>
    </message>
    <message>
        <source>Stop replay</source>
        <translation>再生を停止</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>タイムライン</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指標</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>ルーフライン</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>選択</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>Search reflexions…</source>
        <translation>振り返りを検索…</translation>
    </message>
    <message>
        <source>Reflexions</source>
        <translation>振り返り</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリー</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>コンソール</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>replay %1/%2</source>
        <translation>再生 %1/%2</translation>
    </message>
    <message>
        <source>Replay finished.</source>
        <translation>再生が終了しました。</translation>
    </message>
    <message>
        <source>%1 — Kernel Workbench</source>
        <translation>%1 — Kernel Workbench</translation>
    </message>
    <message>
        <source>%1: %2 candidates recorded in %3.
Press Run (F5) to start or resume the loop.</source>
        <translation>%1: %3 に %2 件の候補が記録されています。
「実行」(F5) でループを開始または再開します。</translation>
    </message>
    <message>
        <source>starting kernel %1 — press Run (F5)</source>
        <translation>開始カーネル %1 — 「実行」(F5) を押してください</translation>
    </message>
    <message>
        <source>Cannot open the session %1:
%2</source>
        <translation>セッション %1 を開けません:
%2</translation>
    </message>
    <message>
        <source>Cannot start a session for %1:
%2</source>
        <translation>%1 のセッションを開始できません:
%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt; (round %2, %3): %4</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt; (ラウンド %2、%3): %4</translation>
    </message>
    <message>
        <source> — incumbent is &lt;i&gt;%1&lt;/i&gt;</source>
        <translation> — 現行は &lt;i&gt;%1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>#%1 evaluating: %2</source>
        <translation>#%1 を評価中: %2</translation>
    </message>
    <message>
        <source>#%1 reverted to #%2: %3</source>
        <translation>#%1 を #%2 に戻しました: %3</translation>
    </message>
    <message>
        <source>Finished (%1): %2</source>
        <translation>終了 (%1): %2</translation>
    </message>
    <message>
        <source>loop finished (%1): %2</source>
        <translation>ループ終了 (%1): %2</translation>
    </message>
    <message>
        <source>A session replays only while its loop is not running.</source>
        <translation>ループの実行中はセッションを再生できません。</translation>
    </message>
    <message>
        <source>Replaying %1 at %2 candidates a second; nothing runs on any host.</source>
        <translation>%1 を毎秒 %2 候補で再生中。どのホストでも何も実行しません。</translation>
    </message>
    <message>
        <source>#%1 is no longer waiting for approval.</source>
        <translation>#%1 はもう承認待ちではありません。</translation>
    </message>
    <message>
        <source>Edit the candidate on the right, then Approve: it is checked and timed before anything is kept.</source>
        <translation>右側の候補を編集してから「承認」: 採用前に検証と計測が行われます。</translation>
    </message>
    <message>
        <source>Cannot revert to #%1: %2</source>
        <translation>#%1 に戻せません: %2</translation>
    </message>
    <message>
        <source>the incumbent is now #%1; the next candidates branch from it</source>
        <translation>現行は #%1 になりました。次の候補はここから分岐します</translation>
    </message>
    <message>
        <source>#%1 (incumbent)</source>
        <translation>#%1 (現行)</translation>
    </message>
    <message>
        <source>(nothing yet)</source>
        <translation>(まだありません)</translation>
    </message>
    <message>
        <source>#%1 — waiting for approval: %2</source>
        <translation>#%1 — 承認待ち: %2</translation>
    </message>
    <message>
        <source>#%1 waits for you: Approve, Edit, Reject or Regenerate.</source>
        <translation>#%1 があなたを待っています: 承認・編集・却下・再生成。</translation>
    </message>
    <message>
        <source>#%1 (parent)</source>
        <translation>#%1 (親)</translation>
    </message>
    <message>
        <source>(no parent)</source>
        <translation>(親なし)</translation>
    </message>
    <message>
        <source>#%1 — %2: %3</source>
        <translation>#%1 — %2: %3</translation>
    </message>
    <message>
        <source>── log of #%1 (%2) ──</source>
        <translation>── #%1 のログ (%2) ──</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>セッションなし</translation>
    </message>
    <message>
        <source>phase: %1%2</source>
        <translation>フェーズ: %1%2</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation> (一時停止中)</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>待機</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>host: %1 · elapsed %2:%3 · %4 evaluations · best %5</source>
        <translation>ホスト: %1 · 経過 %2:%3 · 評価 %4 回 · 最良 %5</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>設定(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Language…</source>
        <translation>言語(&amp;L)…</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>システムの既定 (%1)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Language of the window:</source>
        <translation>ウィンドウの言語:</translation>
    </message>
    <message>
        <source>The new language applies the next time Kernel Workbench starts.</source>
        <translation>新しい言語は次回 Kernel Workbench を起動したときに適用されます。</translation>
    </message>
</context>
<context>
    <name>kwb::MetricChart</name>
    <message>
        <source>goal</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>chart legend: keep it short</comment>
        <translation>失敗</translation>
    </message>
    <message>
        <source>best</source>
        <comment>chart legend: the best so far</comment>
        <translation>最良</translation>
    </message>
    <message>
        <source>baseline</source>
        <comment>chart legend: the best baseline</comment>
        <translation>ベースライン</translation>
    </message>
</context>
<context>
    <name>kwb::RooflineChart</name>
    <message>
        <source>Roofline</source>
        <translation>ルーフライン</translation>
    </message>
    <message>
        <source>ceilings (calibrated)</source>
        <translation>上限 (較正済み)</translation>
    </message>
    <message>
        <source>kept, in order</source>
        <translation>採用 (順番)</translation>
    </message>
    <message>
        <source>FLOP/byte</source>
        <translation>FLOP/バイト</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>候補</translation>
    </message>
</context>
<context>
    <name>kwb::SelectionBars</name>
    <message>
        <source>Selected candidate: change in % (right = better)</source>
        <translation>選択した候補: 変化率 % (右 = 改善)</translation>
    </message>
    <message>
        <source>vs parent #%1</source>
        <translation>親 #%1 比</translation>
    </message>
    <message>
        <source>vs parent</source>
        <translation>親比</translation>
    </message>
    <message>
        <source>vs incumbent #%1</source>
        <translation>現行 #%1 比</translation>
    </message>
    <message>
        <source>vs incumbent</source>
        <translation>現行比</translation>
    </message>
</context>
<context>
    <name>kwb::TimelineView</name>
    <message>
        <source>failed: C compile · W wrong · X crash · T timeout · F false win</source>
        <translation>失敗: C コンパイル · W 誤り · X クラッシュ · T タイムアウト · F 偽の改善</translation>
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
        <translation>採用</translation>
    </message>
    <message>
        <source>discarded</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>reverted</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>human-edited</source>
        <translation>手動編集</translation>
    </message>
    <message>
        <source>host lost</source>
        <translation>ホスト切断</translation>
    </message>
    <message>
        <source>other</source>
        <translation>その他</translation>
    </message>
</context>
<context>
    <name>kwb::Workbench</name>
    <message>
        <source>Host %1: %2</source>
        <translation>ホスト %1: %2</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 に接続中…</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 ms (key %3).</source>
        <translation>%1 に %2 ms で接続しました (鍵 %3)。</translation>
    </message>
    <message>
        <source>Host %1 is left out: %2</source>
        <translation>ホスト %1 を除外します: %2</translation>
    </message>
    <message>
        <source>No host of this workload can be reached; nothing was started.</source>
        <translation>このワークロードのホストにひとつも到達できません。何も開始していません。</translation>
    </message>
    <message>
        <source>Calibration failed (%1); running without %% of peak and bottleneck classes.</source>
        <translation>較正に失敗しました (%1)。ピーク比 %% とボトルネック分類なしで続行します。</translation>
    </message>
    <message>
        <source>Measuring the peaks of %1 (once; cached)…</source>
        <translation>%1 のピーク性能を測定中 (初回のみ、キャッシュされます)…</translation>
    </message>
    <message>
        <source>evaluations lost three times in a row; its work moves elsewhere</source>
        <translation>評価が 3 回連続で失われたため、処理を他へ移します</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Profile-guided kernel optimization with a human in the loop.</source>
        <translation>人が関与するプロファイル主導のカーネル最適化。</translation>
    </message>
    <message>
        <source>Print the version and exit.</source>
        <translation>バージョンを表示して終了します。</translation>
    </message>
    <message>
        <source>A session folder to open.</source>
        <translation>開くセッションフォルダ。</translation>
    </message>
    <message>
        <source>Start a new session for this workload.</source>
        <translation>このワークロードで新しいセッションを開始します。</translation>
    </message>
    <message>
        <source>Folder of the new session (default: a new one in the user's data folder).</source>
        <translation>新しいセッションのフォルダ (既定: ユーザーのデータフォルダ内に新規作成)。</translation>
    </message>
    <message>
        <source>Start the loop at once, in this mode: autopilot, approve or step.</source>
        <translation>このモードですぐにループを開始: autopilot、approve、step。</translation>
    </message>
    <message>
        <source>Use a dark palette (Fusion style).</source>
        <translation>ダークパレットを使います (Fusion スタイル)。</translation>
    </message>
    <message>
        <source>Open the Compare view on candidates A and B.</source>
        <translation>候補 A と B の比較ビューを開きます。</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE and quit (for docs).</source>
        <translation>ウィンドウの画像を FILE に保存して終了します (ドキュメント用)。</translation>
    </message>
    <message>
        <source>…once this many candidates are recorded (default 0).</source>
        <translation>…この数の候補が記録された時点で (既定 0)。</translation>
    </message>
    <message>
        <source>Use this language (en, de, ja) instead of the one chosen in Settings.</source>
        <translation>設定で選んだ言語の代わりにこの言語 (en、de、ja) を使います。</translation>
    </message>
</context>
</TS>