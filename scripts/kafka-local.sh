#!/usr/bin/env bash
# A real Kafka for local use and tests, without Docker: fetches Apache Kafka's jars from Maven Central
# (with Maven) and runs a single-node KRaft broker on loopback.
#   npm run kafka:local -- start|stop|status
# Settings: KAFKA_HOME (cache and data, default ~/.cache/gzh-kafka), KAFKA_PORT (default 19092).
set -euo pipefail
VERSION=3.9.1 # the last 3.x: KRaft, and every protocol version kafkajs speaks (4.x dropped some)
HOME_DIR=${KAFKA_HOME:-$HOME/.cache/gzh-kafka}
PORT=${KAFKA_PORT:-19092}
CPORT=$((PORT + 1))
RUN="$HOME_DIR/run-$PORT"
LIBS="$HOME_DIR/kafka-$VERSION/libs"
cmd=${1:-start}

up() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

fetch() {
  [ -f "$LIBS/.complete" ] && return
  command -v mvn >/dev/null || { echo "kafka:local needs Maven (apt-get install maven) and Java 17" >&2; exit 1; }
  mkdir -p "$HOME_DIR/kafka-$VERSION"
  cat > "$HOME_DIR/kafka-$VERSION/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId><artifactId>kafka-runtime</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$VERSION</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
POM
  echo "fetching Apache Kafka $VERSION from Maven Central…"
  (cd "$HOME_DIR/kafka-$VERSION" && mvn -q -B dependency:copy-dependencies -DoutputDirectory=libs -DincludeScope=runtime)
  touch "$LIBS/.complete"
}

start() {
  if up; then echo "kafka already listening on 127.0.0.1:$PORT"; return; fi
  fetch
  mkdir -p "$RUN"
  cat > "$RUN/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CPORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CPORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$RUN/data
num.partitions=4
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
PROPS
  cat > "$RUN/log4j.properties" <<'LOG'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
LOG
  local jvm=(-Xms256m -Xmx768m -Dlog4j.configuration="file:$RUN/log4j.properties" -cp "$LIBS/*")
  if [ ! -f "$RUN/data/meta.properties" ]; then
    java "${jvm[@]}" kafka.tools.StorageTool format -t "$(java "${jvm[@]}" kafka.tools.StorageTool random-uuid)" \
      -c "$RUN/server.properties" >/dev/null
  fi
  nohup java "${jvm[@]}" kafka.Kafka "$RUN/server.properties" >"$RUN/kafka.log" 2>&1 &
  echo $! >"$RUN/kafka.pid"
  for _ in $(seq 1 90); do
    if up; then echo "kafka $VERSION listening on 127.0.0.1:$PORT (pid $(cat "$RUN/kafka.pid"), log $RUN/kafka.log)"; return; fi
    kill -0 "$(cat "$RUN/kafka.pid")" 2>/dev/null || { tail -20 "$RUN/kafka.log" >&2; exit 1; }
    sleep 1
  done
  echo "kafka did not start within 90 s; see $RUN/kafka.log" >&2
  exit 1
}

stop() {
  [ -f "$RUN/kafka.pid" ] || { echo "kafka not running"; return; }
  pid=$(cat "$RUN/kafka.pid")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$RUN/kafka.pid"
  echo "kafka stopped"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  status) if up; then echo "kafka listening on 127.0.0.1:$PORT"; else echo "kafka not running"; exit 1; fi ;;
  *) echo "usage: kafka-local.sh start|stop|status" >&2; exit 2 ;;
esac
