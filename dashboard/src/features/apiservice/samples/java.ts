// The Java sample: JDK 11+ java.net.http only, run from source with `java Demo.java`.
import { baseOf, javaQ, keyOf, type SampleInput } from './literal';

export const javaSample = ({
  origin,
  apiKey,
  keyword,
}: SampleInput) => String.raw`// 公众号数据平台开放接口示例：搜索公众号 → 第一个公众号的历史文章 → 剩余调用次数。
// 只用 JDK 11+ 自带的 java.net.http。运行：java Demo.java [关键词]
// 回答是 JSON：这里原样打印，并用正则取出第一个公众号的 mid 用于下一次调用。
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class Demo {
  static final String BASE = ${javaQ(baseOf(origin))};
  static final String API_KEY = ${javaQ(keyOf(apiKey))};
  static final HttpClient HTTP = HttpClient.newHttpClient();
  // UTF-8 whatever the terminal's locale, so Chinese names print as they are.
  static final PrintStream OUT = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);

  // GET 一个接口并打印回答；失败时退出。
  static String call(String pathAndQuery) throws Exception {
    HttpRequest req = HttpRequest.newBuilder(URI.create(BASE + pathAndQuery))
        .header("X-Api-Key", API_KEY)
        .timeout(Duration.ofSeconds(60))
        .build();
    HttpResponse<String> res = HTTP.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    OUT.println("GET " + pathAndQuery + " -> HTTP " + res.statusCode());
    OUT.println(res.body());
    OUT.println();
    if (res.statusCode() != 200) System.exit(1);
    return res.body();
  }

  public static void main(String[] args) throws Exception {
    String keyword = args.length > 0 ? args[0] : ${javaQ(keyword)};
    String found = call("/search?num=5&kw=" + URLEncoder.encode(keyword, StandardCharsets.UTF_8));
    Matcher m = Pattern.compile("\"mid\":(\\d+)").matcher(found);
    if (!m.find()) {
      OUT.println(${javaQ('回答中没有公众号')});
      System.exit(1);
    }
    String mid = m.group(1);
    OUT.println(${javaQ('第一个公众号 mid=')} + mid);
    OUT.println();
    call("/articles?num=5&mid=" + mid);
    call("/balance");
  }
}
`;
