// antd's Card and Statistic looks as plain markup, for the home page and the shell. antd's Card component brings
// Tabs with it (its tabList option) and Statistic its number formatter: 16 KB of gzipped JavaScript the home page
// does not need. The look comes from antd's prebuilt stylesheet (main.tsx: zeroRuntime), which styles these class
// names the same way for markup and components; the Card and Statistic design tokens antd would register with its
// components are set on .light-card in shell.css.
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import './shell.css';

export function LightCard({
  title,
  extra,
  small,
  hoverable,
  className,
  children,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  small?: boolean;
  hoverable?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['ant-card', 'ant-card-bordered', 'light-card'];
  if (hoverable) classes.push('ant-card-hoverable');
  if (small) classes.push('ant-card-small');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')}>
      {(title || extra) && (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title && <div className="ant-card-head-title">{title}</div>}
            {extra && <div className="ant-card-extra">{extra}</div>}
          </div>
        </div>
      )}
      <div className="ant-card-body">{children}</div>
    </div>
  );
}

/** A titled figure; numbers are grouped the Chinese way (12,345), text is shown as it is. */
export function LightStatistic({
  title,
  value,
  loading,
  valueSize,
}: {
  title: ReactNode;
  value: number | string | undefined;
  loading?: boolean;
  valueSize?: number;
}) {
  const shown = typeof value === 'number' ? value.toLocaleString('zh-CN') : (value ?? '-');
  return (
    <div className="ant-statistic">
      <div className="ant-statistic-header">
        <div className="ant-statistic-title">{title}</div>
      </div>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : (
        <div className="ant-statistic-content" style={valueSize ? { fontSize: valueSize } : undefined}>
          <span className="ant-statistic-content-value">{shown}</span>
        </div>
      )}
    </div>
  );
}
