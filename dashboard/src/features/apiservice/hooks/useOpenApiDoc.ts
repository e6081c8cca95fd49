// The open API's OpenAPI document, loaded once per session and read into operations (docs and detail pages).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../../api/client';
import { OPENAPI_URL, type OpenApiDoc, operationsOf } from '../openapi';

async function loadDoc(): Promise<OpenApiDoc> {
  const res = await fetch(OPENAPI_URL, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new ApiError('接口文档加载失败');
  return (await res.json()) as OpenApiDoc;
}

export function useOpenApiDoc() {
  const doc = useQuery({ queryKey: ['openapi'], queryFn: loadDoc, staleTime: Number.POSITIVE_INFINITY });
  const ops = useMemo(() => (doc.data ? operationsOf(doc.data) : []), [doc.data]);
  return { doc, ops };
}
