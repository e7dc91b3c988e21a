import { HttpMetrics } from './http-metrics';
import { MetricsRegistry } from './metrics-registry';

describe('HttpMetrics', () => {
  it('renders a counter by method, route and status and a cumulative histogram by method and route', async () => {
    const metrics = new MetricsRegistry();
    const http = new HttpMetrics(metrics);
    http.observe('GET', '/api/load/posterD/:id', 200, 0.003);
    http.observe('GET', '/api/load/posterD/:id', 200, 0.001);
    http.observe('GET', '/api/load/posterD/:id', 404, 0.02);
    http.observe('POST', 'unmatched', 404, 12);
    const lines = (await metrics.registry.metrics()).split('\n').filter((l) => l.startsWith('skinshop_http_'));
    expect(lines.filter((l) => l.startsWith('skinshop_http_requests_total'))).toEqual([
      'skinshop_http_requests_total{method="GET",route="/api/load/posterD/:id",status="200"} 2',
      'skinshop_http_requests_total{method="GET",route="/api/load/posterD/:id",status="404"} 1',
      'skinshop_http_requests_total{method="POST",route="unmatched",status="404"} 1',
    ]);
    const get = (suffix: string) => lines.find((l) => l.startsWith(`skinshop_http_request_duration_seconds${suffix}`))?.split(' ')[1];
    // 0.001 falls in le="0.001" (≤), 0.003 in le="0.005", 0.02 in le="0.025".
    expect(get('_bucket{le="0.001",method="GET"')).toBe('1');
    expect(get('_bucket{le="0.0025",method="GET"')).toBe('1');
    expect(get('_bucket{le="0.005",method="GET"')).toBe('2');
    expect(get('_bucket{le="0.025",method="GET"')).toBe('3');
    expect(get('_bucket{le="+Inf",method="GET"')).toBe('3');
    expect(get('_count{method="GET"')).toBe('3');
    expect(Number(get('_sum{method="GET"'))).toBeCloseTo(0.024, 6);
    expect(get('_bucket{le="10",method="POST"')).toBe('0');
    expect(get('_bucket{le="+Inf",method="POST"')).toBe('1');
  });
});
