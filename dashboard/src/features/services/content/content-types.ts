// Shape of a service page's content: every service route is one of these rendered by ServicePage.
import type { DemandService } from '../../../../../contract/demand-services';

/** A block of live platform data a page shows (what the platform really collects, or a working tool). */
export type LiveBlock = 'figures' | 'minipro' | 'qrcode' | 'traffic' | 'flow';

export interface ServiceContent {
  service: DemandService;
  path: string;
  /** Breadcrumb group: 数据采集, 广告投放, 定制服务, 舆情服务. */
  group: string;
  heading: string;
  lead: string;
  tags: string[];
  /** An honest statement shown above everything (e.g. "we do not crawl this platform"). */
  notice?: string;
  live?: { block: LiveBlock; title: string };
  features: { title: string; desc: string }[];
  /** Data fields the service delivers. */
  fields?: { name: string; desc: string }[];
  /** Delivery facts: formats, frequency, timeline, pricing. */
  delivery?: { label: string; value: string }[];
  steps: { title: string; desc: string }[];
  faq: { q: string; a: string }[];
  links: { label: string; to: string; desc: string }[];
  /** Hint above the demand form. */
  formIntro?: string;
}
