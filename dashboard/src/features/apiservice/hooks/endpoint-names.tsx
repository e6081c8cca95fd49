import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useApiPricing } from '../../center';

/**
 * Open-API endpoints as members read them: the endpoint's Chinese name from the price list (api_pricing), the
 * metering id (`fake_report`) kept in a tooltip for those who call the API by it.
 */
export function useEndpointName(): (id: string) => ReactNode {
  const pricing = useApiPricing();
  const names = new Map((pricing.data?.endpoints ?? []).map((e) => [e.name, e.summary]));
  return (id) => {
    const name = names.get(id);
    if (!id) return '-';
    return name ? (
      <Tooltip title={`接口标识：${id}`}>
        <span data-endpoint={id}>{name}</span>
      </Tooltip>
    ) : (
      id
    );
  };
}
