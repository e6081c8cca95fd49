// Routes of this part of the dashboard; routes.tsx merges them into the one route table.
// 刷量检测准确率 (/appsearch/fakeAccuracy): the latest evaluation of the fake-traffic detector, published.
import { lazy } from 'react';
import type { AppRoute } from '../../routes';

const FakeAccuracyPage = lazy(() =>
  import('./pages/FakeAccuracyPage').then((m) => ({ default: m.FakeAccuracyPage })),
);

export const FAKE_ACCURACY_PATH = '/appsearch/fakeAccuracy';

export const accuracyRoutes: AppRoute[] = [
  {
    path: FAKE_ACCURACY_PATH,
    component: FakeAccuracyPage,
    title: '刷量检测准确率 - 公众号数据平台',
    keywords: '刷量检测,刷量检测准确率,公众号刷量,阅读量造假,检测方法',
    description:
      '公开刷量检测的最新评测：精确率、召回率、各刷量手法的检出率、各类正常文章的误报率、置信度校准、方法与局限。',
  },
];
