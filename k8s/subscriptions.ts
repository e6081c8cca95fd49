import { MemoryBus } from '../bus/memory-bus';
import { type Topic, topics } from '../bus/messages';
import { MONITOR_GROUP } from '../collectors/monitor';
import { REQUESTS_GROUP } from '../collectors/requests';
import type { Component } from '../core/config';
import { createLogger } from '../core/log';
import { StreamWriter } from '../stream/writer';

export interface Subscription {
  component: Component;
  topic: Topic;
  group: string;
}

/**
 * The consumer groups each role joins, as the code joins them: the stream writer is started on an
 * in-process bus that records its subscribe calls (it touches ClickHouse only when messages arrive);
 * the collectors' groups are their exported constants on the topics they consume.
 */
export async function busSubscriptions(): Promise<Subscription[]> {
  const log = createLogger('silent');
  const bus = new MemoryBus(log);
  const out: Subscription[] = [];
  const subscribe = bus.subscribe.bind(bus);
  bus.subscribe = (topic, group, handler, opts) => {
    out.push({ component: 'stream', topic, group });
    return subscribe(topic, group, handler, opts);
  };
  const writer = new StreamWriter(bus, null as never, log);
  await writer.start();
  await writer.stop();
  await bus.close();
  const collector: Subscription[] = [
    { component: 'collector', topic: 'monitor.tasks', group: MONITOR_GROUP },
    { component: 'collector', topic: 'crawl.requests', group: REQUESTS_GROUP },
  ];
  for (const s of collector) if (!(s.topic in topics)) throw new Error(`unknown topic ${s.topic}`);
  return [...out, ...collector];
}
