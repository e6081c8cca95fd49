#!/usr/bin/env bash
# Installs and starts what the test suite needs beyond npm packages:
#  - Debian's Chromium for the browser tests (driven by playwright-core) and CJK fonts (without them
#    every Chinese glyph renders as a box);
#  - a PostgreSQL server on 127.0.0.1:5432 for the member-store tests against a real server
#    (started if installed but stopped; installed with loopback trust auth if absent);
#  - a single-node Kafka on 127.0.0.1:19092 (`npm run kafka:local`; needs Java 17 and Maven).
set -euo pipefail
SUDO=; [ "$(id -u)" -ne 0 ] && SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
updated=0
apt_install() {
  [ $updated -eq 1 ] || { $SUDO apt-get update -qq; updated=1; }
  $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null 2>&1
}

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
command -v java >/dev/null 2>&1 || need+=(openjdk-17-jre-headless)
command -v mvn >/dev/null 2>&1 || need+=(maven)
# The code-sample test runs each language's sample as written: php-cli with curl, gcc with libcurl, python3.
command -v php >/dev/null 2>&1 || need+=(php-cli)
dpkg -s php-curl >/dev/null 2>&1 || need+=(php-curl)
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || need+=(libcurl4-openssl-dev)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v python3 >/dev/null 2>&1 || need+=(python3)
# `java Demo.java` (the Java sample) compiles in memory: it needs the JDK's jdk.compiler, not only the JRE.
java --list-modules 2>/dev/null | grep -q '^jdk.compiler@' || need+=(openjdk-17-jdk-headless)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  apt_install "${need[@]}"
fi

pg_up() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
if ! pg_up; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "installing: postgresql"
    apt_install postgresql
    conf=$(ls -d /etc/postgresql/*/main | head -1)
    # Test machine only: trust connections from loopback, as the tests connect without a password.
    grep -q '^host all all 127.0.0.1/32 trust' "$conf/pg_hba.conf" ||
      $SUDO sed -i '1i host all all 127.0.0.1/32 trust' "$conf/pg_hba.conf"
  fi
  echo "starting postgresql"
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi

bash "$(dirname "$0")/kafka-local.sh" start

echo "test dependencies ready: $(chromium --version 2>/dev/null | head -1);" \
  "fonts-noto-cjk $(dpkg-query -W -f='${Version}' fonts-noto-cjk);" \
  "postgresql on 127.0.0.1:5432 $(pg_up && echo up || echo DOWN);" \
  "kafka on 127.0.0.1:19092 $(bash "$(dirname "$0")/kafka-local.sh" status >/dev/null && echo up || echo DOWN)"
