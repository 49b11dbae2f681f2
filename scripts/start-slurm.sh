#!/usr/bin/env bash
# Starts a single-node Slurm on this machine (munged, slurmctld, slurmd; Debian's slurm-wlm and
# munge), for the test of `encode bench --engine slurm` that submits the job array. Root only; no
# systemd needed: the daemons run in the background with their state under /tmp/encode-slurm, and
# cgroups are not used (proctrack/linuxproc, task/none). Prints one line and exits 0 whether or not
# Slurm started: without it, that test is skipped with its reason.
# Usage: bash scripts/start-slurm.sh
set -uo pipefail

if [ "$(id -u)" != "0" ] || ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  echo "start-slurm: needs root and slurm-wlm + munge installed; Slurm not started"
  exit 0
fi
if sinfo --noheader --format=%t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
  echo "start-slurm: Slurm is already running"
  exit 0
fi
state=/tmp/encode-slurm
mkdir -p "$state/state" "$state/spool" /run/munge
chown munge:munge /run/munge 2>/dev/null || true
[ -f /etc/munge/munge.key ] || (mungekey --create >/dev/null 2>&1 || dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=128 2>/dev/null)
chown munge:munge /etc/munge/munge.key 2>/dev/null; chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || su -s /bin/sh munge -c /usr/sbin/munged 2>/dev/null || /usr/sbin/munged --force
memory=$(( $(awk '/MemTotal/{print $2}' /proc/meminfo) / 1024 / 2 ))
mkdir -p /etc/slurm
cat > /etc/slurm/slurm.conf <<EOF
ClusterName=encode
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$state/state
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
NodeName=localhost CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
printf 'CgroupPlugin=autodetect\nIgnoreSystemd=yes\n' > /etc/slurm/cgroup.conf
pgrep -x slurmctld >/dev/null || slurmctld -c
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 1 20); do
  if sinfo --noheader --format=%t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
    echo "start-slurm: Slurm runs (one node, $(nproc) CPUs)"
    exit 0
  fi
  sleep 1
done
echo "start-slurm: Slurm did not start (see $state/slurmctld.log and $state/slurmd.log); the sbatch test is skipped"
exit 0
