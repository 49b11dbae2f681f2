// A second "host" for GNU parallel on this machine: an OpenSSH server started by the test on a
// loopback port, with a host key and a client key made for it in the test's folder, accepting only
// that key (for the user running the test). `stop` ends it (by its process id).

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';

export type SshdStart =
  | { readonly kind: 'started'; readonly sshLogin: string; readonly stop: () => void }
  | { readonly kind: 'failed'; readonly reason: string };

function keyPair(path: string): void {
  spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path], { stdio: 'ignore' });
}

/** starts sshd on 127.0.0.1:port; resolves once it accepts a login with the test's key */
export async function startSshd(directory: string, port: number): Promise<SshdStart> {
  mkdirSync(directory, { recursive: true });
  const hostKey = join(directory, 'host_key');
  const clientKey = join(directory, 'client_key');
  keyPair(hostKey);
  keyPair(clientKey);
  if (!existsSync(`${clientKey}.pub`)) return { kind: 'failed', reason: 'ssh-keygen made no key' };
  copyFileSync(`${clientKey}.pub`, join(directory, 'authorized_keys'));
  // the privilege separation folder sshd insists on (present where the package's service ran once)
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true });
  writeFileSync(
    join(directory, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${join(directory, 'authorized_keys')}`,
      `PidFile ${join(directory, 'sshd.pid')}`,
      'StrictModes no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'PermitRootLogin prohibit-password',
      '',
    ].join('\n'),
  );
  const server = spawn('/usr/sbin/sshd', ['-f', join(directory, 'sshd_config'), '-D', '-e'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const stop = (): void => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  const sshLogin = `ssh -p ${port} -i ${clientKey} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR ${userInfo().username}@127.0.0.1`;
  for (let attempt = 0; attempt < 40; attempt++) {
    await new Promise((done) => setTimeout(done, 250));
    if (server.exitCode !== null)
      return { kind: 'failed', reason: `sshd exited: ${log.trim().split('\n').pop() ?? ''}` };
    const probe = spawnSync('sh', ['-c', `${sshLogin} true`], { timeout: 10_000 });
    if (probe.status === 0) return { kind: 'started', sshLogin, stop };
  }
  stop();
  return {
    kind: 'failed',
    reason: `no login through sshd on port ${port} within 10 s: ${log.trim().split('\n').pop() ?? 'sshd said nothing'}`,
  };
}
